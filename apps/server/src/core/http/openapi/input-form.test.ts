import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { renderSchemas } from './components.js';
import { inputForm } from './input-form.js';

describe('inputForm', () => {
  it('moves the default of an optional property into its description, at any depth', () => {
    const schema = {
      type: 'object',
      required: ['items'],
      properties: {
        kind: { type: 'string', default: 'service', description: 'What it is.' },
        items: {
          type: 'array',
          items: {
            type: 'object',
            required: ['id'],
            properties: { id: { type: 'string' }, quantity: { type: 'integer', default: 1 } },
          },
        },
      },
    };
    expect(inputForm(schema)).toEqual({
      type: 'object',
      required: ['items'],
      properties: {
        kind: { type: 'string', description: 'What it is. Default: "service".' },
        items: {
          type: 'array',
          items: {
            type: 'object',
            required: ['id'],
            properties: { id: { type: 'string' }, quantity: { type: 'integer', description: 'Default: 1.' } },
          },
        },
      },
    });
  });

  it('leaves a required property with a default as it is', () => {
    const schema = { type: 'object', required: ['a'], properties: { a: { type: 'string', default: 'x' } } };
    expect(inputForm(schema)).toEqual(schema);
  });
});

describe('renderSchemas', () => {
  it('keeps defaults in answers, not in requests, and renders arrays of a JSON value as any items', () => {
    const body = z.object({ quantity: z.number().int().default(1), data: z.json() });
    const rendered = renderSchemas([
      [body, 'input'],
      [body, 'output'],
    ]);
    const request = rendered.schemaOf(body, 'input') as { properties: Record<string, object> };
    const answer = rendered.schemaOf(body, 'output') as { properties: Record<string, object> };
    expect(request.properties.quantity).toEqual({
      type: 'integer',
      description: 'Default: 1.',
      minimum: expect.any(Number),
      maximum: expect.any(Number),
    });
    expect(answer.properties.quantity).toMatchObject({ default: 1 });
    const text = JSON.stringify(rendered);
    const shared = Object.entries(rendered.components).filter(([name]) => name.startsWith('Shared'));
    expect(shared.length).toBeGreaterThan(0);
    for (const [name] of shared)
      expect(text).not.toContain(`"items":{"$ref":"#/components/schemas/${name}"}`);
  });
});
