import { describe, expect, it } from 'vitest';
import { isKnownRoomType, roomTypeLabel, toStoredRoomType } from './room-types';

describe('room types', () => {
  it('reads stored room types and stores custom ones lowercase and hyphenated', () => {
    expect(roomTypeLabel('home-office')).toBe('Home Office');
    expect(roomTypeLabel('wine-cellar')).toBe('Wine cellar');
    expect(roomTypeLabel(null)).toBeNull();
    expect(toStoredRoomType('  Wine Cellar! ')).toBe('wine-cellar');
  });

  it('knows the listed types, and never "other" itself', () => {
    expect(isKnownRoomType('living-room')).toBe(true);
    expect(isKnownRoomType('wine-cellar')).toBe(false);
    expect(isKnownRoomType('other')).toBe(false);
  });
});
