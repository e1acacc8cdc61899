// A `fetch` for ky that sends through XMLHttpRequest, so an upload reports its bytes as they leave
// the browser (docs/play.md "Uploading a video"): fetch has no upload progress, and its streamed
// request bodies need HTTP/2. ky's hooks (token, refresh, 401), retries and errors stay as they are.

/** `onUpload(loaded)` is called with the request body's bytes sent so far. */
export function xhrFetch(onUpload: (loaded: number) => void): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    const body =
      request.method === 'GET' || request.method === 'HEAD' ? null : await request.blob();
    return new Promise<Response>((resolve, reject) => {
      const aborted = () => new DOMException('The upload was cancelled.', 'AbortError');
      if (request.signal.aborted) return reject(aborted());
      const xhr = new XMLHttpRequest();
      xhr.open(request.method, request.url);
      request.headers.forEach((value, key) => xhr.setRequestHeader(key, value));
      xhr.responseType = 'blob';
      xhr.upload.onprogress = (event) => onUpload(event.loaded);
      xhr.onload = () => {
        const headers = new Headers();
        for (const line of xhr.getAllResponseHeaders().split(/\r?\n/)) {
          const at = line.indexOf(':');
          if (at > 0) headers.append(line.slice(0, at).trim(), line.slice(at + 1).trim());
        }
        // a 204/304 Response must have no body
        const empty = xhr.status === 204 || xhr.status === 205 || xhr.status === 304;
        resolve(
          new Response(empty ? null : (xhr.response as Blob), {
            status: xhr.status,
            statusText: xhr.statusText,
            headers,
          }),
        );
      };
      // the same error fetch gives, so ky and readFailure tell a network failure apart
      xhr.onerror = () => reject(new TypeError('Failed to fetch'));
      xhr.onabort = () => reject(aborted());
      request.signal.addEventListener('abort', () => xhr.abort(), { once: true });
      xhr.send(body);
    });
  };
}
