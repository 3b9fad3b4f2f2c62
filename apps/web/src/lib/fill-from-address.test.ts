import { afterEach, describe, expect, it } from 'vitest';
import { fillFromAddress } from './fill-from-address';

afterEach(() => {
  document.body.innerHTML = '';
});

describe('fillFromAddress', () => {
  it('fills the fields the address names, leaves what was typed and every other field alone', () => {
    document.body.innerHTML = `
      <input id="email" data-fill-from-address="email" />
      <input id="name" data-fill-from-address="name" value="" />
      <input id="other" />`;
    const byId = (id: string) => document.getElementById(id) as HTMLInputElement;
    byId('name').value = 'Typed Tom';
    fillFromAddress(document, '?email=ann%40example.com&name=Ann&other=x');
    expect(byId('email').value).toBe('ann@example.com');
    expect(byId('name').value).toBe('Typed Tom');
    expect(byId('other').value).toBe('');
  });

  it('leaves a field empty when the address has no value for it', () => {
    document.body.innerHTML = '<input id="email" data-fill-from-address="email" />';
    fillFromAddress(document, '?name=Ann');
    expect((document.getElementById('email') as HTMLInputElement).value).toBe('');
  });
});
