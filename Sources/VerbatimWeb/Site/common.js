// Shared by the pages: the session token on every change, JSON calls, small DOM helpers.
"use strict";
window.Verbatim = (function () {
  const token = document.querySelector('meta[name="verbatim-token"]').content;

  async function call(method, path, body, type) {
    const options = { method: method, headers: {}, credentials: "same-origin" };
    if (method !== "GET") {
      options.headers["X-Verbatim-Token"] = token;
      if (body !== undefined) {
        options.headers["Content-Type"] = type || "application/json";
        options.body = type ? body : JSON.stringify(body);
      }
    }
    const response = await fetch(path, options);
    const isJSON = (response.headers.get("Content-Type") || "").startsWith("application/json");
    const data = isJSON ? await response.json() : await response.text();
    if (!response.ok) throw new Error(isJSON && data.error ? data.error : "HTTP " + response.status);
    return data;
  }

  function element(tag, properties, children) {
    const node = document.createElement(tag);
    Object.assign(node, properties || {});
    for (const child of children || []) {
      node.append(typeof child === "string" ? document.createTextNode(child) : child);
    }
    return node;
  }

  function status(node, text, isError) {
    node.textContent = text || "";
    node.classList.toggle("error", !!isError);
  }

  function today() {
    const now = new Date();
    const pad = (n) => String(n).padStart(2, "0");
    return now.getFullYear() + "-" + pad(now.getMonth() + 1) + "-" + pad(now.getDate());
  }

  return {
    get: (path) => call("GET", path),
    post: (path, body) => call("POST", path, body),
    upload: (path, blob, type) => call("POST", path, blob, type),
    element: element,
    status: status,
    today: today,
    token: token,
  };
})();
