/** The English and Chinese text of an error; `{name}` placeholders are filled from the error's values. */
export interface CodeText {
  readonly en: string;
  readonly zh: string;
}
