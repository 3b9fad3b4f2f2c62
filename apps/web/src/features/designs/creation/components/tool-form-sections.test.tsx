import { ITEM_DESCRIPTION_MAX } from '@rv/contracts/constants';
import { messages } from '@rv/contracts/messages';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { furnishingForm, kitchenBathroomForm } from '../tool-forms';
import { AdvancedChoiceSection } from './advanced-choice-section';
import { ItemFieldInput } from './item-field-input';

afterEach(cleanup);

const advanced = furnishingForm.advanced!;

/** The Furnishing form's architecture choice, its texts held as the form holds them. */
function renderAdvanced(problem?: string) {
  const changes: [string, string][] = [];
  function Holder() {
    const [texts, setTexts] = useState<Record<string, string>>({ architecturalChanges: '', architecturalDetails: '' });
    return (
      <AdvancedChoiceSection
        advanced={advanced}
        detailsRef={createRef()}
        open
        onOpenChange={() => undefined}
        texts={texts}
        onFieldChange={(name, value) => {
          changes.push([name, value]);
          setTexts((all) => ({ ...all, [name]: value }));
        }}
        problem={problem}
      />
    );
  }
  render(<Holder />);
  return changes;
}

describe('AdvancedChoiceSection (Architectural Changes)', () => {
  it('asks No or Yes; Yes shows the details field, whose text is kept under its own name', async () => {
    const changes = renderAdvanced();
    expect(screen.getByRole('group', { name: advanced.legend })).toBeTruthy();
    expect(screen.queryByLabelText('Describe the architectural changes')).toBeNull();
    await userEvent.click(screen.getByRole('radio', { name: 'Yes' }));
    expect(screen.getByRole('radio', { name: 'Yes' })).toHaveProperty('checked', true);
    await userEvent.type(screen.getByLabelText('Describe the architectural changes'), 'no wall');
    expect(changes[0]).toEqual(['architecturalChanges', 'yes']);
    expect(changes.at(-1)).toEqual(['architecturalDetails', 'no wall']);
    await userEvent.click(screen.getByRole('radio', { name: 'No' }));
    expect(screen.queryByLabelText('Describe the architectural changes')).toBeNull();
  });

  it('a missing answer is shown as the spec’s message, and the choice is described by it', () => {
    renderAdvanced(messages.validation.architecturalChangesRequired);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe(messages.validation.architecturalChangesRequired);
    expect(screen.getByRole('group', { name: advanced.legend }).getAttribute('aria-describedby')).toBe(alert.id);
  });
});

describe('ItemFieldInput', () => {
  const [description] = furnishingForm.items.fields;
  const category = kitchenBathroomForm.items.fields.find((field) => field.options)!;

  it('a counted description shows its length against the limit, and turns invalid past it', async () => {
    const onChange = vi.fn();
    const { rerender } = render(
      <ItemFieldInput id="item-1" field={description!} number={2} value="" invalid={false} onChange={onChange} />,
    );
    const input = screen.getByLabelText('Item 2 description *');
    expect(screen.getByText(`0/${ITEM_DESCRIPTION_MAX} characters`)).toBeTruthy();
    await userEvent.type(input, 'a');
    expect(onChange).toHaveBeenCalledWith('a');
    const long = 'x'.repeat(ITEM_DESCRIPTION_MAX + 1);
    rerender(<ItemFieldInput id="item-1" field={description!} number={2} value={long} invalid={false} onChange={onChange} />);
    expect(screen.getByText(`${ITEM_DESCRIPTION_MAX + 1}/${ITEM_DESCRIPTION_MAX} characters`)).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    rerender(<ItemFieldInput id="item-1" field={description!} number={2} value="sofa" invalid onChange={onChange} />);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    rerender(<ItemFieldInput id="item-1" field={description!} number={2} value="sofa" invalid={false} onChange={onChange} />);
    expect(input.getAttribute('aria-invalid')).toBeNull();
  });

  it('a choice is a list of its options, the chosen one told to the form', async () => {
    const onChange = vi.fn();
    render(<ItemFieldInput id="item-1-category" field={category} number={1} value={category.empty} invalid={false} onChange={onChange} />);
    const select = screen.getByLabelText('Item 1: where it goes');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([...category.options!]);
    const other = category.options!.find((option) => option !== category.empty)!;
    await userEvent.selectOptions(select, other);
    expect(onChange).toHaveBeenCalledWith(other);
  });
});
