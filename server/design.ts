/**
 * What the server holds for each account: the database's name (CouchDB's `couch_peruser` naming),
 * its security object (the user alone; the server admin manages it) and the design document with
 * the validation function that refuses malformed or oversized documents. Used by the embedded
 * server (sync-server.ts) and by `npm run server:setup` on a real CouchDB (setup.ts).
 */
import {
  MAX_DOC_CHARS,
  MAX_KEY_CHARS,
  MAX_TAKE_AUDIO_BYTES,
  SYNC_KINDS,
  TAKE_AUDIO_ATTACHMENTS,
} from '../src/storage/sync/sync-doc.ts';

export { userDbName } from '../src/storage/sync/sync-doc.ts';

export const DESIGN_DOC_ID = '_design/embouchure';

/** Only the user reads and writes; only the server admin changes security or design documents. */
export function userSecurity(name: string): object {
  return { admins: { names: [], roles: [] }, members: { names: [name], roles: [] } };
}

/**
 * The validation function, in the ES5 CouchDB's JavaScript engine runs. It throws `forbidden`
 * with a sentence the app shows; a deletion (a tombstone) is always accepted. Who may write at all
 * is the security object's job (members), checked before this runs.
 */
export function validateDocUpdate(): string {
  return `function (newDoc, oldDoc, userCtx) {
  var kinds = ${JSON.stringify(SYNC_KINDS)};
  var maxChars = ${MAX_DOC_CHARS};
  var maxKey = ${MAX_KEY_CHARS};
  var maxAudio = ${MAX_TAKE_AUDIO_BYTES};
  var attachmentNames = ${JSON.stringify(TAKE_AUDIO_ATTACHMENTS)};
  function base64Bytes(text) {
    var padding = text.charAt(text.length - 1) !== '=' ? 0 : text.charAt(text.length - 2) === '=' ? 2 : 1;
    return text.length / 4 * 3 - padding;
  }
  if (userCtx.roles.indexOf('_admin') !== -1) return;
  if (newDoc._id.indexOf('_design/') === 0) throw({ forbidden: 'Design documents are the server admin\\'s.' });
  if (newDoc._deleted === true) return;
  var colon = newDoc._id.indexOf(':');
  var kind = colon > 0 ? newDoc._id.slice(0, colon) : '';
  if (kinds.indexOf(kind) === -1) throw({ forbidden: 'Unknown kind of document: ' + newDoc._id });
  var key = newDoc._id.slice(colon + 1);
  if (key.length === 0 || key.length > maxKey) throw({ forbidden: 'A document key must be 1 to ' + maxKey + ' characters.' });
  if (newDoc.kind !== kind) throw({ forbidden: 'The document says kind ' + newDoc.kind + ' but its id is a ' + kind + '.' });
  if (typeof newDoc.updatedAtMs !== 'number' || !(newDoc.updatedAtMs > 0)) throw({ forbidden: 'updatedAtMs must be a positive number.' });
  if (typeof newDoc.data !== 'object' || newDoc.data === null) throw({ forbidden: 'data must be an object.' });
  for (var field in newDoc) {
    if (field.charAt(0) !== '_' && field !== 'kind' && field !== 'updatedAtMs' && field !== 'data') throw({ forbidden: 'Unknown field: ' + field });
  }
  if (newDoc._attachments) {
    if (kind !== 'takeAudio') throw({ forbidden: 'Only a take\\'s audio carries attachments.' });
    var bytes = 0;
    for (var name in newDoc._attachments) {
      if (attachmentNames.indexOf(name) === -1) throw({ forbidden: 'Unknown attachment: ' + name });
      var attachment = newDoc._attachments[name];
      // CouchDB gives stubs with their length; inline data is base64 (3 bytes per 4 characters).
      bytes += typeof attachment.length === 'number' ? attachment.length
        : typeof attachment.data === 'string' ? base64Bytes(attachment.data) : 0;
    }
    if (bytes > maxAudio) throw({ forbidden: 'This take\\'s audio and trace are ' + bytes + ' bytes; the account keeps at most ' + maxAudio + ' per take.' });
  }
  var chars = JSON.stringify(newDoc.data).length;
  if (chars > maxChars) throw({ forbidden: 'Document too large: ' + chars + ' characters; at most ' + maxChars + '.' });
}`;
}

export function designDocument(): { _id: string; validate_doc_update: string } {
  return { _id: DESIGN_DOC_ID, validate_doc_update: validateDocUpdate() };
}
