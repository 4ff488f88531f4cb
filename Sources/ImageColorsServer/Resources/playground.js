// The playground of `imagecolors serve`: paste a URL or drop a file, see both cards.
// No library and no inline code: the page's Content-Security-Policy allows this file and the
// service's own routes only. `/?url=…` (plus any option, e.g. `&quality=low`) analyses on load.
"use strict";

// ---------------------------------------------------------------------------------------------
// Placeholders: small decoders for the two hashes the service returns.

/** ThumbHash (base64) to `{w, h, rgba}`, at most 32 px on the long side (Evan Wallace's format). */
function decodeThumbHash(base64) {
  const hash = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  if (hash.length < 5) throw new Error("ThumbHash too short");
  const { PI, min, max, cos, round } = Math;
  const header24 = hash[0] | (hash[1] << 8) | (hash[2] << 16);
  const header16 = hash[3] | (hash[4] << 8);
  const lDC = (header24 & 63) / 63;
  const pDC = ((header24 >> 6) & 63) / 31.5 - 1;
  const qDC = ((header24 >> 12) & 63) / 31.5 - 1;
  const lScale = ((header24 >> 18) & 31) / 31;
  const hasAlpha = header24 >> 23;
  const pScale = ((header16 >> 3) & 63) / 63;
  const qScale = ((header16 >> 9) & 63) / 63;
  const isLandscape = header16 >> 15;
  const lx = max(3, isLandscape ? (hasAlpha ? 5 : 7) : header16 & 7);
  const ly = max(3, isLandscape ? header16 & 7 : hasAlpha ? 5 : 7);
  const aDC = hasAlpha ? (hash[5] & 15) / 15 : 1;
  const aScale = (hash[5] >> 4) / 15;
  const acStart = hasAlpha ? 6 : 5;
  let acIndex = 0;
  const channel = (nx, ny, scale) => {
    const ac = [];
    for (let cy = 0; cy < ny; cy++) {
      for (let cx = cy ? 0 : 1; cx * ny < nx * (ny - cy); cx++) {
        const byte = hash[acStart + (acIndex >> 1)] ?? 0;
        ac.push((((byte >> ((acIndex++ & 1) << 2)) & 15) / 7.5 - 1) * scale);
      }
    }
    return ac;
  };
  const lAC = channel(lx, ly, lScale);
  const pAC = channel(3, 3, pScale * 1.25);
  const qAC = channel(3, 3, qScale * 1.25);
  const aAC = hasAlpha ? channel(5, 5, aScale) : [];
  // The aspect ratio the hash carries.
  const ratio = (isLandscape ? (hasAlpha ? 5 : 7) : header16 & 7) / (isLandscape ? header16 & 7 : hasAlpha ? 5 : 7);
  const w = round(ratio > 1 ? 32 : 32 * ratio);
  const h = round(ratio > 1 ? 32 / ratio : 32);
  const rgba = new Uint8ClampedArray(w * h * 4);
  const fx = [];
  const fy = [];
  for (let y = 0, i = 0; y < h; y++) {
    for (let x = 0; x < w; x++, i += 4) {
      let l = lDC, p = pDC, q = qDC, a = aDC;
      for (let cx = 0, n = max(lx, hasAlpha ? 5 : 3); cx < n; cx++) fx[cx] = cos((PI / w) * (x + 0.5) * cx);
      for (let cy = 0, n = max(ly, hasAlpha ? 5 : 3); cy < n; cy++) fy[cy] = cos((PI / h) * (y + 0.5) * cy);
      for (let cy = 0, j = 0; cy < ly; cy++) {
        for (let cx = cy ? 0 : 1, fy2 = fy[cy] * 2; cx * ly < lx * (ly - cy); cx++, j++) l += lAC[j] * fx[cx] * fy2;
      }
      for (let cy = 0, j = 0; cy < 3; cy++) {
        for (let cx = cy ? 0 : 1, fy2 = fy[cy] * 2; cx < 3 - cy; cx++, j++) {
          p += pAC[j] * fx[cx] * fy2;
          q += qAC[j] * fx[cx] * fy2;
        }
      }
      if (hasAlpha) {
        for (let cy = 0, j = 0; cy < 5; cy++) {
          for (let cx = cy ? 0 : 1, fy2 = fy[cy] * 2; cx < 5 - cy; cx++, j++) a += aAC[j] * fx[cx] * fy2;
        }
      }
      const b = l - (2 / 3) * p;
      const r = (3 * l - b + q) / 2;
      const g = r - q;
      rgba[i] = max(0, 255 * min(1, r));
      rgba[i + 1] = max(0, 255 * min(1, g));
      rgba[i + 2] = max(0, 255 * min(1, b));
      rgba[i + 3] = max(0, 255 * min(1, a));
    }
  }
  return { w, h, rgba };
}

const BASE83 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz#$%*+,-.:;=?@[]^_{|}~";

function decode83(text) {
  let value = 0;
  for (const c of text) {
    const digit = BASE83.indexOf(c);
    if (digit < 0) throw new Error(`BlurHash: "${c}" is not a base-83 digit`);
    value = value * 83 + digit;
  }
  return value;
}

const toLinear = (v) => { const c = v / 255; return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4; };
const toSRGB = (v) => {
  const c = Math.max(0, Math.min(1, v));
  return Math.round((c <= 0.0031308 ? c * 12.92 : 1.055 * c ** (1 / 2.4) - 0.055) * 255);
};
const signPow = (v, e) => Math.sign(v) * Math.abs(v) ** e;

/** BlurHash to RGBA pixels of `w`×`h` (Wolt's format). */
function decodeBlurHash(hash, w, h) {
  if (hash.length < 6) throw new Error("BlurHash too short");
  const size = decode83(hash[0]);
  const ny = Math.floor(size / 9) + 1;
  const nx = (size % 9) + 1;
  if (hash.length !== 4 + 2 * nx * ny) throw new Error(`BlurHash of ${nx}×${ny} components must have ${4 + 2 * nx * ny} characters`);
  const maximum = (decode83(hash[1]) + 1) / 166;
  const colors = [];
  const dc = decode83(hash.slice(2, 6));
  colors.push([toLinear(dc >> 16), toLinear((dc >> 8) & 255), toLinear(dc & 255)]);
  for (let i = 1; i < nx * ny; i++) {
    const v = decode83(hash.slice(4 + i * 2, 6 + i * 2));
    colors.push([Math.floor(v / 361), Math.floor(v / 19) % 19, v % 19].map((q) => signPow((q - 9) / 9, 2) * maximum));
  }
  const rgba = new Uint8ClampedArray(w * h * 4);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      let r = 0, g = 0, b = 0;
      for (let j = 0; j < ny; j++) {
        for (let i = 0; i < nx; i++) {
          const basis = Math.cos((Math.PI * x * i) / w) * Math.cos((Math.PI * y * j) / h);
          const c = colors[i + j * nx];
          r += c[0] * basis; g += c[1] * basis; b += c[2] * basis;
        }
      }
      const k = 4 * (x + y * w);
      rgba[k] = toSRGB(r); rgba[k + 1] = toSRGB(g); rgba[k + 2] = toSRGB(b); rgba[k + 3] = 255;
    }
  }
  return rgba;
}

// ---------------------------------------------------------------------------------------------
// The page.

const OPTION_NAMES = ["quality", "scheme", "min-contrast", "title-rule", "palette", "frames"];
const ROLES = ["background", "primary", "secondary", "detail"];
const $ = (id) => document.getElementById(id);
let current = null; // the AbortController of the request in flight

function paint(canvas, w, h, rgba) {
  canvas.width = w;
  canvas.height = h;
  canvas.getContext("2d").putImageData(new ImageData(rgba, w, h), 0, 0);
}

function element(tag, props = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (key === "dataset") Object.assign(node.dataset, value); else node[key] = value;
  }
  node.append(...children);
  return node;
}

function swatch(hex) {
  const chip = element("span", { className: "chip" });
  chip.style.setProperty("--chip", hex); // CSSOM, which the CSP allows (style attributes it does not)
  return chip;
}

const ratioText = (ratio) => (ratio == null ? "" : `${ratio.toFixed(2)}:1`);

function renderCard(article, card, name) {
  for (const role of ROLES) article.style.setProperty(`--card-${role}`, card[role]);
  article.style.setProperty("--card-title", card.title.color);
  const title = article.querySelector('[data-role="title"]');
  title.textContent = name;
  const rows = ROLES.map((role) => {
    const report = card.roles[role];
    const ratio = role === "background" ? null : report.contrastRatio;
    const from = report.source === "fallback" ? "fallback" : report.adjusted ? `toned from ${report.original}` : report.source;
    return element("tr", { dataset: { role, hex: card[role] } },
      element("th", { scope: "row" }, role),
      element("td", {}, swatch(card[role]), element("code", { className: "hex" }, card[role])),
      element("td", {}, ratio == null ? element("span", { className: "muted" }, from) : `${ratioText(ratio)} · ${from}`));
  });
  const t = card.title;
  rows.push(element("tr", { dataset: { role: "title", hex: t.color } },
    element("th", { scope: "row" }, "title"),
    element("td", {}, swatch(t.color), element("code", { className: "hex" }, t.color)),
    element("td", {}, `${ratioText(t.contrastRatio)} · ${t.text} text by ${t.rule ?? "brightness"}`
      + (t.warning ? ` (${t.warning})` : ""))));
  article.querySelector("tbody").replaceChildren(...rows);
}

function renderPlaceholders(result) {
  const holder = result.placeholder ?? {};
  $("thumbhash-text").textContent = holder.thumbhash ?? "—";
  $("blurhash-text").textContent = holder.blurhash ?? "—";
  const art = document.querySelectorAll(".card-canvas");
  try {
    if (holder.thumbhash) {
      const { w, h, rgba } = decodeThumbHash(holder.thumbhash);
      paint($("thumbhash"), w, h, rgba);
      for (const canvas of art) paint(canvas, w, h, rgba);
    }
    if (holder.blurhash) {
      const w = 32;
      const h = Math.max(1, Math.round((32 * result.height) / result.width));
      paint($("blurhash"), w, h, decodeBlurHash(holder.blurhash, w, h));
    }
  } catch (error) {
    $("thumbhash-text").textContent += ` (not decoded: ${error.message})`;
  }
}

function render(result) {
  const name = result.source === "upload" ? "Your image" : titleFor(result.source);
  $("summary").textContent = `${result.format.toUpperCase()} ${result.width}×${result.height}, colours counted at `
    + `${result.analyzed.width}×${result.analyzed.height}; ${result.scheme} scheme, contrast target `
    + `${result.minimumContrast}:1` + (result.colorProfile ? `; ${result.colorProfile} converted to sRGB` : "");
  for (const appearance of ["light", "dark"]) {
    const card = result.appearances?.[appearance];
    const article = $(`card-${appearance}`);
    article.hidden = !card;
    if (card) renderCard(article, card, name);
  }
  $("palette").replaceChildren(...(result.palette ?? []).map((entry) =>
    element("li", { dataset: { hex: entry.color } }, swatch(entry.color),
      element("code", { className: "hex" }, entry.color),
      element("span", { className: "share" }, `${(entry.share * 100).toFixed(1)} %`))));
  renderPlaceholders(result);
  $("json").textContent = JSON.stringify(result, null, 2);
  $("result").hidden = false;
}

function titleFor(source) {
  try {
    const url = new URL(source);
    const file = decodeURIComponent(url.pathname.split("/").pop() || url.hostname);
    return file.replace(/\.[a-z0-9]+$/i, "").replace(/[-_]+/g, " ") || url.hostname;
  } catch {
    return source;
  }
}

function showError(status, code, message) {
  $("error-status").textContent = String(status);
  $("error-code").textContent = code;
  $("error-message").textContent = message;
  $("error").hidden = false;
  $("result").hidden = true;
  document.documentElement.dataset.state = "error";
}

function query(extra) {
  const params = new URLSearchParams(extra);
  const form = $("source");
  for (const name of OPTION_NAMES) {
    const value = form.elements[name].value.trim();
    if (value) params.set(name, value);
  }
  params.set("placeholder", "both");
  params.set("appearance", "both");
  return params;
}

async function analyse(path, init, label) {
  current?.abort();
  current = new AbortController();
  const button = $("analyse");
  button.disabled = true;
  $("error").hidden = true;
  $("status").textContent = `Analysing ${label}…`;
  document.documentElement.dataset.state = "busy";
  $("result").setAttribute("aria-busy", "true");
  try {
    const response = await fetch(path, { ...init, signal: current.signal });
    const text = await response.text();
    let body;
    try { body = JSON.parse(text); } catch { body = null; }
    if (!response.ok) {
      const error = body?.error ?? { code: "unexpected-response", message: text.slice(0, 200) || response.statusText };
      const retry = response.headers.get("Retry-After");
      showError(response.status, error.code, error.message + (retry ? ` Try again in ${retry} s.` : ""));
      $("status").textContent = "";
      return;
    }
    render(body);
    $("status").textContent = `Analysed ${label}.`;
    document.documentElement.dataset.state = "done";
  } catch (error) {
    if (error.name === "AbortError") return;
    showError(0, "no-answer", `The server did not answer: ${error.message}`);
    $("status").textContent = "";
  } finally {
    button.disabled = false;
    $("result").removeAttribute("aria-busy");
  }
}

function analyseURL(url) {
  const params = query({ url });
  history.replaceState(null, "", `?${params}`);
  analyse(`/v1/colors?${params}`, {}, url);
}

function analyseFile(file) {
  if (!file) return;
  analyse(`/v1/colors?${query({})}`, {
    method: "POST", body: file, headers: { "Content-Type": file.type || "application/octet-stream" },
  }, file.name);
}

function start() {
  const form = $("source");
  const initial = new URLSearchParams(location.search);
  for (const name of OPTION_NAMES) {
    const value = initial.get(name);
    if (value != null && form.elements[name]) form.elements[name].value = value;
  }
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const url = $("url").value.trim();
    if (!url) {
      showError(400, "invalid-url", "Paste an http(s) URL of an image, or choose a file.");
      $("url").focus();
      return;
    }
    analyseURL(url);
  });
  $("file").addEventListener("change", () => analyseFile($("file").files[0]));
  const drop = $("drop");
  for (const type of ["dragenter", "dragover"]) {
    drop.addEventListener(type, (event) => { event.preventDefault(); drop.classList.add("over"); });
  }
  for (const type of ["dragleave", "drop"]) drop.addEventListener(type, () => drop.classList.remove("over"));
  drop.addEventListener("drop", (event) => {
    event.preventDefault();
    const file = event.dataTransfer.files[0];
    const url = event.dataTransfer.getData("text/uri-list").split("\n").find((line) => line && !line.startsWith("#"));
    if (file) analyseFile(file); else if (url) { $("url").value = url; analyseURL(url); }
  });
  const url = initial.get("url");
  if (url) {
    $("url").value = url;
    analyseURL(url);
  } else {
    document.documentElement.dataset.state = "idle";
  }
}

if (typeof document !== "undefined") document.addEventListener("DOMContentLoaded", start);
if (typeof module !== "undefined") module.exports = { decodeThumbHash, decodeBlurHash };
