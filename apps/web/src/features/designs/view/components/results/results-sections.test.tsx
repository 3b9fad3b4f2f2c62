import type { ShoppableItem } from '@rv/contracts/api/designs';
import { messages } from '@rv/contracts/messages';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { viewImage } from '@test/design-image';
import { AnalysisSection } from './analysis-section';
import { FixRoomSection } from './fix-room-section';
import { BrushPanel, ImageActions, brushPanelId } from './image-tools';
import { PAGE_SHARE_DIALOG_ID } from '../../hooks/use-results-page';
import { StickyBar } from './sticky-bar';

const toast = vi.hoisted(() => ({ error: vi.fn(), success: vi.fn(), info: vi.fn() }));
vi.mock('sonner', () => ({ toast }));

const inRouter = (node: ReactNode) => render(<MemoryRouter>{node}</MemoryRouter>);

beforeEach(() => vi.clearAllMocks());
afterEach(cleanup);

describe('StickyBar', () => {
  it('a private design: the switch says Private View and is off; pressing it asks for the change; the owner gets My Account', async () => {
    const onTogglePublic = vi.fn();
    inRouter(<StickyBar isPublic={false} readOnly={false} noSession={false} onTogglePublic={onTogglePublic} />);
    const toggle = screen.getByRole('switch', { name: 'Private View' });
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    await userEvent.click(toggle);
    expect(onTogglePublic).toHaveBeenCalledOnce();
    expect(screen.getByRole('link', { name: 'My Account' }).getAttribute('href')).toBe('/account');
    expect(screen.queryByRole('link', { name: 'Log In' })).toBeNull();
  });

  it('a visitor without a session: Share View shown on, not to be pressed, and Log In', async () => {
    const onTogglePublic = vi.fn();
    inRouter(<StickyBar isPublic readOnly noSession onTogglePublic={onTogglePublic} />);
    const toggle = screen.getByRole('switch', { name: 'Share View' });
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    expect(toggle.hasAttribute('disabled')).toBe(true);
    await userEvent.click(toggle);
    expect(onTogglePublic).not.toHaveBeenCalled();
    expect(screen.getByRole('link', { name: 'Log In' }).getAttribute('href')).toBe('/login');
  });
});

describe('FixRoomSection', () => {
  const renderFix = (props: Partial<Parameters<typeof FixRoomSection>[0]> = {}) => {
    const handlers = { onOpenChange: vi.fn(), onFix: vi.fn() };
    render(<FixRoomSection open fixing={false} busy={false} refined={false} {...handlers} {...props} />);
    return handlers;
  };

  it('runs Fix Room when pressed, and says so while it works', async () => {
    const { onFix } = renderFix();
    await userEvent.click(screen.getByRole('button', { name: 'Fix Room' }));
    expect(onFix).toHaveBeenCalledOnce();
    cleanup();
    renderFix({ fixing: true });
    expect(screen.getByRole('button', { name: 'Fixing your room...' }).hasAttribute('disabled')).toBe(true);
  });

  it('waits while a refinement runs; once refined, points to the latest version instead', () => {
    renderFix({ busy: true });
    expect(screen.getByRole('button', { name: 'Fix Room' }).hasAttribute('disabled')).toBe(true);
    expect(screen.queryByText(messages.tools.refineLatestVersion, { exact: false })).toBeNull();
    cleanup();
    renderFix({ refined: true });
    const fix = screen.getByRole('button', { name: 'Fix Room' });
    expect(fix.hasAttribute('disabled')).toBe(true);
    expect(document.getElementById(fix.getAttribute('aria-describedby')!)!.textContent).toContain(messages.tools.refineLatestVersion);
    expect(screen.getByRole('link', { name: 'Go to the latest version' }).getAttribute('href')).toBe('#refined-title');
  });

  it('tells the page when the expander is closed', async () => {
    const { onOpenChange } = renderFix();
    await userEvent.click(screen.getByText("Room architecture doesn't match your original?"));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
  });
});

describe('AnalysisSection', () => {
  const renderAnalysis = (props: Partial<Parameters<typeof AnalysisSection>[0]> = {}) => {
    const onShareWithGallery = vi.fn();
    inRouter(
      <AnalysisSection
        designId="d1"
        analysisHtml={null}
        items={[]}
        readOnly={false}
        isKitchen={false}
        gallery="idle"
        onShareWithGallery={onShareWithGallery}
        {...props}
      />,
    );
    return { onShareWithGallery };
  };

  it('the owner: feedback by thumb and reason, sent for this design; Share your room with us; Try Another Room in the same tool', async () => {
    const sent: { url: string; body: unknown }[] = [];
    vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
      sent.push({ url, body: JSON.parse(String(init.body)) });
      return new Response(JSON.stringify({ success: true }), { status: 200 });
    });
    const { onShareWithGallery } = renderAnalysis();
    expect(screen.queryByRole('heading', { name: 'Design Analysis' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Thumbs up' }));
    await userEvent.type(screen.getByLabelText('Tell us why (optional)'), '  lovely light  ');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(messages.tools.feedbackThanks));
    expect(sent).toEqual([{ url: '/api/design-feedback', body: { roomDesignId: 'd1', isHelpful: true, feedbackText: 'lovely light' } }]);
    expect(screen.queryByText('How did we do?')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Share your room with us!' }));
    expect(onShareWithGallery).toHaveBeenCalledOnce();
    expect(screen.getByRole('link', { name: 'Try Another Room' }).getAttribute('href')).toBe('/furnishing-decorating');
    expect(screen.getByRole('link', { name: 'Request it on our feature board' }).getAttribute('href')).toBe(
      '/how-it-works#feature-requests',
    );
  });

  it('the gallery share shows its progress and cannot be sent twice', () => {
    renderAnalysis({ gallery: 'sending' });
    expect(screen.getByRole('button', { name: 'Sharing...' }).hasAttribute('disabled')).toBe(true);
    cleanup();
    renderAnalysis({ gallery: 'shared' });
    expect(screen.getByRole('button', { name: 'Shared!' }).hasAttribute('disabled')).toBe(true);
  });

  it('a visitor: the analysis and the items to shop for, no feedback, no gallery share; a kitchen design tries the kitchen tool', () => {
    const item: ShoppableItem = {
      name: 'light oak round coffee table',
      category: 'Furniture',
      furnitureType: 'Table & Chairs',
      colour: 'oak',
      material: 'wood',
    };
    const shop = vi.fn(() => <button type="button">Shop for These Items</button>);
    renderAnalysis({ readOnly: true, isKitchen: true, items: [item], shop });
    expect(screen.getByRole('heading', { name: 'Design Analysis' })).toBeTruthy();
    expect(shop).toHaveBeenCalledWith([item]);
    expect(screen.getByText('light oak round coffee table')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Shop for These Items' })).toBeTruthy();
    expect(screen.queryByText('How did we do?')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Share your room with us!' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Try Another Room' }).getAttribute('href')).toBe('/kitchen-bathroom');
  });
});

describe('ImageActions and BrushPanel', () => {
  const renderActions = (props: Partial<Parameters<typeof ImageActions>[0]> = {}) => {
    const handlers = { onPaint: vi.fn(), onSave: vi.fn(), onShare: vi.fn() };
    render(
      <ImageActions designId="d1" image={viewImage({ id: 'g2' })} readOnly={false} paintable painting={false} {...handlers} {...props} />,
    );
    return handlers;
  };

  it('each button acts on its own image: paint, save, share; the download names the image by id', async () => {
    const { onPaint, onSave, onShare } = renderActions();
    await userEvent.click(screen.getByRole('button', { name: messages.refineMask.changeOnlyHere }));
    await userEvent.click(screen.getByRole('button', { name: 'Save Design' }));
    // Share opens the page's one share dialog (the Share View switch's too), by the platform's command, and names its image.
    const share = screen.getByRole('button', { name: 'Share' });
    await userEvent.click(share);
    expect([onPaint.mock.calls.length, onSave.mock.calls.length, onShare.mock.calls.length]).toEqual([1, 1, 1]);
    expect([share.getAttribute('commandfor'), share.getAttribute('command')]).toEqual([PAGE_SHARE_DIALOG_ID, 'show-modal']);
    expect(screen.getByRole('link', { name: 'Download' }).getAttribute('href')).toBe('/api/designs/d1/images/g2/download?format=jpg');
  });

  it('a saved image says Saved; no brush button where nothing can be sent; a visitor cannot save', () => {
    renderActions({ image: viewImage({ id: 'g2', saved: true }), paintable: false });
    expect(screen.getByRole('button', { name: 'Saved' }).hasAttribute('disabled')).toBe(true);
    expect(screen.queryByRole('button', { name: messages.refineMask.changeOnlyHere })).toBeNull();
    cleanup();
    renderActions({ readOnly: true, paintable: false });
    expect(screen.queryByRole('button', { name: 'Save Design' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Share' })).toBeTruthy();
  });

  it("'Change only here' is the disclosure of the image's brush panel: it says whether the brush is open, and which panel it opens", () => {
    renderActions();
    const paint = screen.getByRole('button', { name: messages.refineMask.changeOnlyHere });
    expect([paint.getAttribute('aria-expanded'), paint.getAttribute('aria-controls')]).toEqual(['false', brushPanelId('g2')]);
    cleanup();
    renderActions({ painting: true });
    expect(screen.getByRole('button', { name: messages.refineMask.changeOnlyHere }).getAttribute('aria-expanded')).toBe('true');
  });

  it("an image's brush panel is in the page, hidden, while another image or none is painted on, its picture not fetched", () => {
    const { container } = render(
      <BrushPanel image={viewImage({ id: 'g2' })} brush={{ imageId: 'g1', strokes: [] }} onBrushChange={vi.fn()} />,
    );
    const panel = container.querySelector<HTMLElement>(`#${brushPanelId('g2')}`)!;
    expect(panel.hidden).toBe(true);
    expect(panel.hasAttribute('data-in-place-of-photo')).toBe(true);
    expect(panel.querySelector('img')!.getAttribute('loading')).toBe('lazy');
  });

  it('the brush over an image keeps its strokes under that image’s id, and Stop painting closes it', async () => {
    const onBrushChange = vi.fn();
    render(
      <BrushPanel
        image={viewImage({ id: 'g2', name: 'Loft' })}
        brush={{ imageId: 'g2', strokes: [{ mode: 'paint', rect: [0, 0, 0.5, 0.5] }] }}
        onBrushChange={onBrushChange}
      />,
    );
    const area = screen.getByRole('application', { name: messages.refineMask.canvasLabel });
    expect(within(area).getByRole('img', { name: 'Loft: paint the part to change' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: messages.refineMask.clear }));
    expect(onBrushChange).toHaveBeenLastCalledWith({ imageId: 'g2', strokes: [] });
    await userEvent.click(screen.getByRole('button', { name: messages.refineMask.done }));
    expect(onBrushChange).toHaveBeenLastCalledWith(null);
  });
});
