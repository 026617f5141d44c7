// SPEC.md section 8, "Error text assembly": the one place an error becomes the text a toast shows.

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function messageOf(value: unknown): string {
  if (typeof value === 'string') return value;
  if (isRecord(value) && typeof value.message === 'string') return value.message;
  return String(value);
}

function detailText(detail: unknown): string {
  if (!isRecord(detail)) return String(detail);
  const path = Array.isArray(detail.path) ? detail.path.map(String).join('.') : String(detail.path ?? '');
  return `${path}: ${messageOf(detail.message)}`;
}

function bodyText(body: unknown): string {
  if (body === undefined || body === null) return '';
  return typeof body === 'string' ? body : JSON.stringify(body);
}

/** The server's error field: a string as it is, an `{message}` object by its message. */
function serverError(data: unknown): string | null {
  if (!isRecord(data) || data.error === undefined || data.error === null) return null;
  if (typeof data.error === 'string') return data.error;
  if (isRecord(data.error) && typeof data.error.message === 'string') return data.error.message;
  return JSON.stringify(data.error);
}

/**
 * - a list of errors: their messages joined by line breaks;
 * - an error with a list of details: 'Validate failed: ' and 'path: message' items joined by '; ';
 * - an error with a server response: the response's error field, else the message plus the body;
 * - otherwise the message; with no error (or no message), 'Unknown error'.
 */
export function formatError(error: unknown): string {
  if (error === undefined || error === null || error === '') return 'Unknown error';
  if (Array.isArray(error)) return error.map(messageOf).join('\n');
  if (typeof error === 'string') return error;
  if (!isRecord(error) && !(error instanceof Error)) return String(error);
  const record: Record<string, unknown> = isRecord(error) ? error : { message: error.message };
  if (Array.isArray(record.details)) return `Validate failed: ${record.details.map(detailText).join('; ')}`;
  if (isRecord(record.response)) {
    const data = record.response.data;
    const fromServer = serverError(data);
    if (fromServer) return fromServer;
    const message = typeof record.message === 'string' ? record.message : '';
    const text = [message, bodyText(data)].filter((part) => part !== '').join(' ');
    if (text !== '') return text;
  }
  return typeof record.message === 'string' && record.message !== '' ? record.message : 'Unknown error';
}
