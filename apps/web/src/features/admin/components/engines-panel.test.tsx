import type { EngineStatusAnswer } from '@rv/contracts/api/admin-engines';
import { messages } from '@rv/contracts/messages';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deferred, fakeServer, refuse } from '@test/fake-server';
import { renderWithProviders } from '@test/render';
import { EnginesPanel } from './engines-panel';

const toast = vi.hoisted(() => ({ error: vi.fn(), success: vi.fn() }));
vi.mock('sonner', () => ({ toast }));

type Engine = EngineStatusAnswer['engines'][number];
type Check = NonNullable<Engine['modelCheck']>;

const listCheck: Check = {
  at: '2026-03-01T08:00:00.000Z',
  realCall: false,
  ok: true,
  latencyMs: 0,
  imageSize: null,
  said: null,
  suggestions: [],
  warnings: [],
};

const imageEngine: Engine = {
  kind: 'image',
  engine: 'openai',
  model: 'gpt-image-1',
  via: 'OpenAI',
  lastFailure: null,
  modelCheck: listCheck,
  deprecation: null,
};

const visionEngine: Engine = {
  kind: 'vision',
  engine: 'openai',
  model: 'gpt-4.1-mini',
  via: 'OpenAI',
  lastFailure: {
    at: '2026-03-01T09:30:00.000Z',
    model: 'gpt-4.1-mini',
    operation: 'analysis',
    error: 'Failed to process room design',
    cause: 'rate limit reached',
  },
  modelCheck: null,
  deprecation: 'shut down on 2026-06-01',
};

function status(overrides: Partial<EngineStatusAnswer> = {}): EngineStatusAnswer {
  return {
    engines: [imageEngine, visionEngine],
    last24h: { designs: 40, failed: 3, failedShare: 0.075 },
    month: {
      since: '2026-03-01T00:00:00.000Z',
      designs: 120,
      costUsd: 30,
      costPerDesignUsd: 0.25,
      subscribers: [
        { email: 'heavy@example.com', designs: 90, costUsd: 22.5, paysUsd: 19.99 },
        { email: 'light@example.com', designs: 30, costUsd: 7.5, paysUsd: 19.99 },
      ],
    },
    ...overrides,
  };
}

const card = (name: string) => screen.getByRole('heading', { name }).closest('li')!;

beforeEach(() => vi.clearAllMocks());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('EnginesPanel', () => {
  it('shows each engine with its model, its last check and its last failure', async () => {
    fakeServer({ adminEngines: status() });
    renderWithProviders(<EnginesPanel />);
    expect(screen.getByRole('status').textContent).toBe('Loading engines...');
    const image = await screen.findByRole('heading', { name: 'Image engine: openai' });
    expect(image.closest('li')!.textContent).toContain('Model gpt-image-1 through OpenAI');
    expect(card('Image engine: openai').textContent).toContain('the provider lists the model (no model was called)');
    expect(card('Image engine: openai').textContent).toContain('No failures recorded.');

    const vision = card('Vision engine: openai');
    expect(vision.textContent).toContain('Provider: shut down on 2026-06-01');
    expect(vision.textContent).toContain('No engine check has run since this server started.');
    expect(vision.textContent).toContain('(analysis, gpt-4.1-mini)');
    expect(within(vision).getByText('Cause: rate limit reached')).toBeTruthy();
    expect(within(vision).getByText('Users were told: Failed to process room design')).toBeTruthy();
  });

  it('tells a failed check apart from a real call that answered, with what the service said', async () => {
    fakeServer({
      adminEngines: status({
        engines: [
          { ...imageEngine, modelCheck: { ...listCheck, realCall: true, latencyMs: 2300, imageSize: { width: 1024, height: 768 } } },
          {
            ...visionEngine,
            modelCheck: {
              ...listCheck,
              ok: false,
              said: 'model not found',
              suggestions: ['gpt-4.1', 'gpt-4o'],
              warnings: ['No price table knows this model'],
            },
          },
        ],
      }),
    });
    renderWithProviders(<EnginesPanel />);
    const image = (await screen.findByRole('heading', { name: 'Image engine: openai' })).closest('li')!;
    expect(image.textContent).toContain('answered in 2300 ms, image 1024x768');
    expect(image.textContent).toContain('Real check');
    const vision = card('Vision engine: openai');
    expect(vision.textContent).toContain('Model list check');
    expect(vision.textContent).toContain(': failed');
    expect(within(vision).getByText('The service: model not found')).toBeTruthy();
    expect(within(vision).getByText('Models it lists instead: gpt-4.1, gpt-4o')).toBeTruthy();
    expect(within(vision).getByText('Warning: No price table knows this model')).toBeTruthy();
  });

  it('shows the last day’s failures and the month’s cost, in dollars, flagging who costs more than they pay', async () => {
    fakeServer({ adminEngines: status() });
    renderWithProviders(<EnginesPanel />);
    expect((await screen.findByText(/Designs in the last 24 hours/)).textContent).toBe(
      'Designs in the last 24 hours: 40, failed: 3 (7.5%)',
    );
    expect(screen.getByText(/designs, \$30\.00 in all/).textContent).toContain('120 designs, $30.00 in all, $0.25 per design');
    const table = screen.getByRole('table', { name: 'Cost per subscriber this month' });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      );
    expect(rows).toEqual([
      ['heavy@example.com', '90', '$22.50 (costs more than they pay)', '$19.99'],
      ['light@example.com', '30', '$7.50', '$19.99'],
    ]);
  });

  it('leaves the table out when nobody has designed this month', async () => {
    fakeServer({ adminEngines: status({ month: { ...status().month, subscribers: [] } }) });
    renderWithProviders(<EnginesPanel />);
    await screen.findByText(/Designs in the last 24 hours/);
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('says the data could not be loaded when the engines call fails', async () => {
    fakeServer({ adminEngines: () => refuse(500, 'boom') });
    renderWithProviders(<EnginesPanel />);
    expect((await screen.findByRole('alert')).textContent).toBe(messages.account.loadFailed);
  });
});

describe('Run the real check', () => {
  it('is disabled while it runs, then says every engine answered and reloads the cards', async () => {
    const answer = deferred<void>();
    const server = fakeServer({
      adminEngines: status(),
      adminEngineCheck: async () => {
        await answer.promise;
        return {
          engines: [{ kind: 'image', engine: 'openai', model: 'gpt-image-1', via: 'OpenAI', check: { ...listCheck, realCall: true } }],
        };
      },
    });
    renderWithProviders(<EnginesPanel />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Run the real check' }));
    const running = await screen.findByRole('button', { name: 'Running the real check...' });
    expect(running.hasAttribute('disabled')).toBe(true);
    answer.resolve();
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Real check: every engine answered.'));
    expect(screen.getByRole('button', { name: 'Run the real check' }).hasAttribute('disabled')).toBe(false);
    await waitFor(() => expect(server.callsTo('adminEngines')).toHaveLength(2));
    expect(server.callsTo('adminEngineCheck')[0]!.json).toEqual({});
  });

  it('names the engines that failed', async () => {
    fakeServer({
      adminEngines: status(),
      adminEngineCheck: {
        engines: [
          { kind: 'image', engine: 'openai', model: 'gpt-image-1', via: 'OpenAI', check: { ...listCheck, realCall: true, ok: false } },
          { kind: 'vision', engine: 'openai', model: 'gpt-4.1-mini', via: 'OpenAI', check: { ...listCheck, realCall: true, ok: false } },
        ],
      },
    });
    renderWithProviders(<EnginesPanel />);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Run the real check' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Real check: image engine failed, vision engine failed. See the engine cards.'),
    );
  });

  it('says the check could not run, with the server’s reason', async () => {
    fakeServer({ adminEngines: status(), adminEngineCheck: () => refuse(429, 'Too many checks') });
    renderWithProviders(<EnginesPanel />);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Run the real check' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('The real check could not run.', { description: 'Too many checks' }));
  });
});
