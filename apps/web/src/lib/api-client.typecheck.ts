// Compile-time tests of the typed client: `npm run typecheck` fails if any line marked as an expected
// error compiles, that is if a call site could read a field, or send a body, its catalogue entry does not
// declare. Never imported or run.
import { call, callFile } from './api-client';

export async function callSitesTheCatalogueRefuses() {
  const access = await call('checkToolAccess');
  // @ts-expect-error the answer has hasAccess, not canUse
  void access.canUse;
  void access.hasAccess;

  // @ts-expect-error a body field the entry does not declare
  await call('claimResults', { body: { designId: 'd1', credits: 2 } });
  // @ts-expect-error a body without its required field
  await call('claimResults', { body: {} });
  await call('claimResults', { body: { designId: 'd1' } });

  // @ts-expect-error a JSON call is not a file
  await callFile('userProfile');
  // @ts-expect-error a stored file is fetched by its key
  await callFile('files');
  await callFile('files', { params: { '*': 'avatars/u1/a.webp' } });

  const photo = new File([], 'room.jpg');
  // @ts-expect-error a multipart field name the declaration does not have
  await call('bugReport', { form: { description: 'Broken', screenshots: [photo] } });
  // @ts-expect-error a required file missing (the room photo)
  await call('createRoomDesign', { form: { architecturalChanges: 'no' } });
  // @ts-expect-error a one-file field takes one file, not a list
  await call('createRoomDesign', { form: { architecturalChanges: 'no', roomPhoto: [photo] } });
  // @ts-expect-error a JSON field's value is checked by its schema (an item needs its description)
  await call('createRoomDesign', { form: { architecturalChanges: 'no', roomPhoto: photo, furnitureData: [{ placement: 'left' }] } });
  // @ts-expect-error a multipart entry takes no JSON body
  await call('bugReport', { body: { description: 'Broken' } });
  await call('bugReport', { form: { description: 'Broken', trails: [photo] } });
  await call('createRoomDesign', { form: { architecturalChanges: 'yes', roomPhoto: photo, furnitureData: [{ description: 'Sofa' }] } });
}
