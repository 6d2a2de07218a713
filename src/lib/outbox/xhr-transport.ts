import { readHeaders, serverReachable, type Transport } from './send';

/**
 * The first try from the screen the citizen is on: XMLHttpRequest, because fetch() cannot report
 * upload progress and documents are megabytes on a weak line. A stalled upload (60 s without
 * progress) is cut and the entry waits in the outbox. A request whose body was sent in full and
 * whose answer never came may have reached the server: it is "being confirmed", not "offline".
 */
export const xhrTransport: Transport = (req, onProgress) =>
  new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open(req.method ?? 'POST', `/api${req.path}`);
    for (const [name, value] of Object.entries(req.headers)) xhr.setRequestHeader(name, value);
    let uploaded = false;
    let stalled: number | undefined;
    const watch = () => {
      window.clearTimeout(stalled);
      stalled = window.setTimeout(() => xhr.abort(), 60_000);
    };
    xhr.upload.onprogress = (e) => {
      watch();
      if (e.lengthComputable) onProgress?.(e.loaded / e.total);
    };
    xhr.upload.onload = () => {
      uploaded = true;
    };
    const noAnswer = async () => {
      window.clearTimeout(stalled);
      resolve({ kind: 'no-answer', serverReachable: uploaded || (await serverReachable()) });
    };
    xhr.onload = () => {
      window.clearTimeout(stalled);
      let body: unknown;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        body = null;
      }
      const headers = readHeaders((name) => xhr.getResponseHeader(name));
      resolve({ kind: 'answer', status: xhr.status, body, headers });
    };
    xhr.onerror = () => void noAnswer();
    xhr.onabort = () => void noAnswer();
    watch();
    xhr.send(req.body);
  });
