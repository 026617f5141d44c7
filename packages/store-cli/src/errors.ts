/** An error the CLI reports as one clear line (no stack trace) and exits with `exitCode`. */
export class CliError extends Error {
  override readonly name = 'CliError';
  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message);
  }
}

/** Wrong command-line usage: exit code 2, as shells expect. */
export const usageError = (message: string) => new CliError(message, 2);
