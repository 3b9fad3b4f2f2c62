import { LOADING_STEPS } from '@rv/contracts/constants';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { StepProgress, type FiveSteps } from './step-progress';

const steps: FiveSteps = ['Reading your room', 'Placing furniture', 'Matching light', 'Rendering', 'Final touches'];

const bar = () => screen.getByRole('progressbar', { name: 'Design progress' });
const stepStates = () => screen.getAllByRole('listitem').map((item) => item.textContent);

beforeEach(() => {
  vi.useFakeTimers();
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('StepProgress', () => {
  it('starts at the first step, scrolled to the top with the focus on its title', () => {
    render(<StepProgress title="Designing your room" intro="About a minute." label="Design progress" steps={steps} />);
    expect(window.scrollTo).toHaveBeenCalledWith({ top: 0 });
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Designing your room' }));
    expect(screen.getByRole('status').textContent).toBe('Reading your room...');
    expect([bar().getAttribute('aria-valuenow'), bar().getAttribute('aria-valuetext')]).toEqual(['20', 'Reading your room (20%)']);
    expect(stepStates()).toEqual([
      'Reading your room(in progress)',
      'Placing furniture(waiting)',
      'Matching light(waiting)',
      'Rendering(waiting)',
      'Final touches(waiting)',
    ]);
  });

  it('moves on a step at each of the spec’s times, the bar filling by a fifth', () => {
    render(<StepProgress title="Designing your room" intro="About a minute." label="Design progress" steps={steps} />);
    let now = 0;
    for (const [index, { atMs, widthPercent }] of LOADING_STEPS.entries()) {
      act(() => vi.advanceTimersByTime(atMs - now));
      now = atMs;
      expect(bar().getAttribute('aria-valuenow')).toBe(String(widthPercent));
      expect(screen.getByRole('status').textContent).toBe(`${steps[index]}...`);
    }
    expect(stepStates()).toEqual([
      'Reading your room(done)',
      'Placing furniture(done)',
      'Matching light(done)',
      'Rendering(done)',
      'Final touches(in progress)',
    ]);
    expect(screen.getByTestId('loading-progress-bar').style.width).toBe('100%');
  });

  it('holds at its step between the times', () => {
    render(<StepProgress title="Designing your room" intro="About a minute." label="Design progress" steps={steps} />);
    act(() => vi.advanceTimersByTime(5_999));
    expect(screen.getByRole('status').textContent).toBe('Placing furniture...');
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('status').textContent).toBe('Matching light...');
  });
});
