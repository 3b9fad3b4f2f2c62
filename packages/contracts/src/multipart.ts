import type { z } from 'zod';
import { UPLOAD } from './constants';

/**
 * A multipart/form-data body, declared once in the catalogue (`multipart` of an entry) and used by both
 * sides: the web app builds its FormData from typed values (`call(name, { form: { ... } })`, so a wrong
 * field name or a missing file does not compile), and the server reads and checks the request against
 * the same declaration (`uploads/read-multipart.ts`: counts, sizes, the text fields' schemas).
 *
 * Three kinds of field:
 * - `file`: one or more files under one name, at most `max` of them, each at most `maxBytes`; `required`
 *   is the message when none came, `tooMany` the message when more than `max` came.
 * - `text`: a plain text value, checked by its schema (whose input is a string).
 * - `json`: a value sent as JSON text (a list, an object, a flag), parsed and then checked by its schema.
 *   Never a string: a string is sent as a text field.
 */
export interface FileField {
  kind: 'file';
  max: number;
  maxBytes: number;
  required?: string;
  tooMany?: string;
}
export interface TextField<Schema extends z.ZodType = z.ZodType> {
  kind: 'text';
  schema: Schema;
}
export interface JsonField<Schema extends z.ZodType = z.ZodType> {
  kind: 'json';
  schema: Schema;
}
export type MultipartField = FileField | TextField | JsonField;
export type MultipartSpec = Record<string, MultipartField>;

/** A file field; `max: 1` takes one file (a Blob on the web), more takes a list. */
export const file = <const Options extends { max: number; maxBytes?: number; required?: string; tooMany?: string }>(
  options: Options,
): Omit<Options, 'maxBytes'> & { kind: 'file'; maxBytes: number } => ({
  kind: 'file',
  ...options,
  maxBytes: options.maxBytes ?? UPLOAD.maxBytes,
});

/** A text field checked by `schema` (its input must be a string, or undefined when it may be left out). */
export const text = <Schema extends z.ZodType<unknown, string | undefined>>(schema: Schema): TextField<Schema> => ({
  kind: 'text',
  schema,
});

/** A field sent as JSON text and checked by `schema` once parsed. */
export const json = <Schema extends z.ZodType>(schema: Schema): JsonField<Schema> => ({ kind: 'json', schema });

/** Declares a multipart body, keeping each field's literal type. */
export const defineMultipart = <const Spec extends MultipartSpec>(spec: Spec): Spec => spec;

type FileKeys<Spec extends MultipartSpec> = { [K in keyof Spec]: Spec[K] extends FileField ? K : never }[keyof Spec];
type ValueKeys<Spec extends MultipartSpec> = Exclude<keyof Spec, FileKeys<Spec>>;
type SchemaOf<Field> = Field extends TextField<infer Schema> | JsonField<infer Schema> ? Schema : never;

/** What a file field takes on the web: one file, or a list. */
type FileInput<Field> = Field extends { max: 1 } ? Blob : readonly Blob[];
type RequiredFileKeys<Spec extends MultipartSpec> = {
  [K in FileKeys<Spec>]: Spec[K] extends { required: string } ? K : never;
}[FileKeys<Spec>];
type RequiredValueKeys<Spec extends MultipartSpec> = {
  [K in ValueKeys<Spec>]: undefined extends z.input<SchemaOf<Spec[K]>> ? never : K;
}[ValueKeys<Spec>];

type Flatten<T> = { [K in keyof T]: T[K] };

/** The values the web app gives to send a multipart entry: its text and JSON values, and its files. */
export type MultipartInput<Spec extends MultipartSpec> = Flatten<
  { [K in RequiredValueKeys<Spec>]: z.input<SchemaOf<Spec[K]>> } & {
    [K in Exclude<ValueKeys<Spec>, RequiredValueKeys<Spec>>]?: z.input<SchemaOf<Spec[K]>>;
  } & { [K in RequiredFileKeys<Spec>]: FileInput<Spec[K]> } & {
    [K in Exclude<FileKeys<Spec>, RequiredFileKeys<Spec>>]?: FileInput<Spec[K]> | null;
  }
>;

/** The checked text and JSON values the server reads from a multipart entry. */
export type MultipartValues<Spec extends MultipartSpec> = { [K in ValueKeys<Spec>]: z.output<SchemaOf<Spec[K]>> };

/** The file fields' names of a multipart entry. */
export type MultipartFileName<Spec extends MultipartSpec> = Extract<FileKeys<Spec>, string>;

/**
 * The FormData of typed values: a Blob is a file part (a list, one part each, in order), a string a text
 * part, anything else JSON text; an absent value sends nothing. Used by the web client.
 */
export function toFormData(values: Record<string, unknown>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined || value === null) continue;
    const parts = Array.isArray(value) && value.every((part) => part instanceof Blob) ? value : [value];
    for (const part of parts) {
      if (part instanceof Blob) form.append(name, part, part instanceof File ? part.name : name);
      else form.append(name, typeof part === 'string' ? part : JSON.stringify(part));
    }
  }
  return form;
}

/** The message for more files than a field takes, when its declaration names none. */
export const tooManyFiles = (name: string, max: number) => `You can send up to ${max} file${max === 1 ? '' : 's'} as ${name}.`;
