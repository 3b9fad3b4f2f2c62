import { clsx, type ClassValue } from 'clsx';
import { twMerge } from 'tailwind-merge';

/**
 * Joins class names, and of two Tailwind utilities for the same property keeps the later one: a class a
 * caller gives a component (`<Button className="whitespace-normal">`) overrides the component's default
 * (`whitespace-nowrap`), whatever their order in the stylesheet. tailwind-merge 3 knows Tailwind 4's
 * utilities; the theme's own names (brand colours) read as colours by their place.
 */
export function cn(...inputs: ClassValue[]) {
  return twMerge(clsx(inputs));
}
