import { clsx, type ClassValue } from 'clsx';

/** Joins class names; later utilities are written so that they never need to override earlier ones. */
export function cn(...inputs: ClassValue[]) {
  return clsx(inputs);
}
