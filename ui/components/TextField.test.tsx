import { screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { TextField } from './TextField';
import { renderUi } from './testing';

describe('TextField', () => {
  it('ties the label to the input and passes native props through', () => {
    renderUi(
      <TextField
        label="E-mail"
        type="email"
        autoComplete="email"
        inputMode="email"
        maxLength={160}
        name="email"
      />,
    );
    const input = screen.getByLabelText('E-mail');
    expect(input).toHaveProperty('type', 'email');
    expect(input.getAttribute('autocomplete')).toBe('email');
    expect(input.getAttribute('inputmode')).toBe('email');
    expect(input.getAttribute('maxlength')).toBe('160');
    expect(input.getAttribute('name')).toBe('email');
  });

  it('describes the input by its hint, and is valid without an error', () => {
    renderUi(<TextField label="Phone" hint="Format: +49 30 1234567" />);
    const input = screen.getByLabelText('Phone');
    expect(input.getAttribute('aria-invalid')).toBeNull();
    expect(screen.getByRole('textbox', { description: 'Format: +49 30 1234567' })).toBe(input);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('marks an error with aria-invalid, aria-describedby and role=alert', () => {
    renderUi(<TextField label="Phone" hint="Format: +49" error="Please enter a valid phone number" />);
    const input = screen.getByLabelText('Phone');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('alert').textContent).toBe('Please enter a valid phone number');
    const describedBy = input.getAttribute('aria-describedby')?.split(' ') ?? [];
    expect(describedBy).toHaveLength(2);
    expect(describedBy.map((id) => document.getElementById(id)?.textContent)).toEqual([
      'Format: +49',
      'Please enter a valid phone number',
    ]);
  });

  it('keeps an aria-describedby the caller set', () => {
    renderUi(
      <>
        <p id="outside">Shown elsewhere</p>
        <TextField label="Name" aria-describedby="outside" error="Required" />
      </>,
    );
    expect(screen.getByLabelText('Name').getAttribute('aria-describedby')).toMatch(/^outside \S+-error$/);
  });

  it('reports typed values through onChange and onValueChange', async () => {
    const onValueChange = vi.fn();
    const onChange = vi.fn();
    function Controlled() {
      const [value, setValue] = useState('');
      return (
        <TextField
          label="Name"
          value={value}
          onChange={onChange}
          onValueChange={(next) => {
            setValue(next);
            onValueChange(next);
          }}
        />
      );
    }
    const { user } = renderUi(<Controlled />);
    await user.type(screen.getByLabelText('Name'), 'Ada');
    expect(onValueChange).toHaveBeenLastCalledWith('Ada');
    expect(onChange).toHaveBeenCalledTimes(3);
  });

  it('can hide its label visually while keeping the accessible name', () => {
    renderUi(<TextField label="Search" hideLabel placeholder="Search" />);
    expect(screen.getByText('Search', { selector: 'label' }).className).toBe('ui-visually-hidden');
    expect(screen.getByRole('textbox', { name: 'Search' })).toBeTruthy();
  });
});
