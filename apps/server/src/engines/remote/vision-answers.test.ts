import { expect, test } from 'vitest';
import { EngineError } from '../image-engine';
import { askForJson, parseAnswer, styleAnalysisTask, tweakInterpretationTask, wireSchema } from './vision-answers';

test('the wire schema keeps the shape and drops what the services reject', () => {
  const schema = wireSchema(styleAnalysisTask);
  expect(schema).toMatchObject({ type: 'object', required: ['lens', 'summary'], additionalProperties: false });
  expect(JSON.stringify(schema)).not.toMatch(/pattern|minLength|\$schema/);
});

test('parseAnswer: JSON of the right shape, else undefined', () => {
  expect(parseAnswer(tweakInterpretationTask, '{"changes":["a"],"colours":["#AABBCC"],"materials":[]}')).toEqual({
    changes: ['a'],
    colours: ['#AABBCC'],
    materials: [],
  });
  expect(parseAnswer(tweakInterpretationTask, '{"changes":["a"]}')).toBeUndefined();
  expect(parseAnswer(tweakInterpretationTask, '```json')).toBeUndefined();
  expect(parseAnswer(tweakInterpretationTask, undefined)).toBeUndefined();
});

test('askForJson asks twice at most', async () => {
  let asked = 0;
  const error = await askForJson(tweakInterpretationTask, async () => {
    asked++;
    return 'nope';
  }).catch((e: unknown) => e);
  expect(error).toEqual(new EngineError('The tweak could not be understood. Please try again.', false));
  expect(asked).toBe(2);
});
