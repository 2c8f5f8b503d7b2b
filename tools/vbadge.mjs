// The virtual badge's interpreter: the official MicroPython WebAssembly build (npm), run by Node,
// speaking MicroPython's REPL and raw REPL over stdin/stdout. tools/vbadge.py puts it behind a
// pseudo-terminal; run that, not this file.
//
// Usage: node tools/vbadge.mjs --flash-dir DIR [--quota BYTES] [--readonly] [--heapsize BYTES]
//
// - The flash is the host folder DIR, mounted at "/" through a small VFS written in Python
//   (_vbadge below) that calls back into Node for every file operation. It raises MicroPython's
//   errno numbers (ENOENT is 2), not Emscripten's (ENOENT is 44), and enforces --quota. A rename
//   over an existing file fails with EEXIST, as on FAT (a CircuitPython drive; littlefs replaces it).
// - Ctrl-D on an empty line is a soft reset: a fresh interpreter, the same flash, boot.py run again.
//   main.py / code.py are never run (no hardware to drive, and a running app could not be stopped).
// - Raw-paste mode (Ctrl-E A Ctrl-A), which mpremote uses where a board offers it (MicroPython
//   and CircuitPython do), is spoken here, with a board's flow control: the build's own hangs, so
//   the code is gathered here and then run as the raw REPL runs it, less the raw REPL's "OK".
import fs from "fs";
import path from "path";
import url from "url";

const root = path.resolve(path.dirname(url.fileURLToPath(import.meta.url)), "..");
const { loadMicroPython } = await import(
  path.join(root, "node_modules/@micropython/micropython-webassembly-pyscript/micropython.mjs"));

// ---- options ---------------------------------------------------------------------------------
let flashDir = null, quota = 0, readonly = false, heapsize = 256 * 1024;
const machine = "vbadge with WebAssembly";
const argv = process.argv.slice(2);
for (let i = 0; i < argv.length; i++) {
  const a = argv[i];
  if (a === "--flash-dir") flashDir = argv[++i];
  else if (a === "--quota") quota = parseInt(argv[++i], 10);
  else if (a === "--readonly") readonly = true;
  else if (a === "--heapsize") heapsize = parseInt(argv[++i], 10);
  else { process.stderr.write(`vbadge.mjs: unknown option ${a}\n`); process.exit(2); }
}
if (!flashDir) { process.stderr.write("vbadge.mjs: --flash-dir DIR is required\n"); process.exit(2); }
flashDir = path.resolve(flashDir);
fs.mkdirSync(flashDir, { recursive: true });

// ---- the flash: host folder operations, answering with MicroPython errno numbers -------------
const BLOCK = 4096;            // like littlefs on rp2 MicroPython
const UNLIMITED = 16 << 20;    // reported size of the flash when there is no quota
const ERRNO = { EPERM: 1, ENOENT: 2, EIO: 5, EBADF: 9, EAGAIN: 11, ENOMEM: 12, EACCES: 13,
  EEXIST: 17, ENODEV: 19, ENOTDIR: 20, EISDIR: 21, EINVAL: 22, ENOSPC: 28, EROFS: 30,
  ENAMETOOLONG: 36, ENOTEMPTY: 39 };
const errnoOf = (e) => -(ERRNO[e && e.code] || ERRNO.EIO);

function hostPath(p) {
  const rel = path.posix.normalize("/" + String(p)).replace(/^\/+/, "");
  const full = path.join(flashDir, rel);
  if (full !== flashDir && !full.startsWith(flashDir + path.sep)) throw { code: "EACCES" };
  return full;
}
const blocks = (n) => Math.ceil(n / BLOCK);
function usedBlocks(dir = flashDir) {
  let n = 0;
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) n += usedBlocks(full);
    else { try { n += blocks(fs.statSync(full).size); } catch { /* vanished */ } }
  }
  return n;
}
const totalBlocks = () => Math.floor((quota > 0 ? quota : UNLIMITED) / BLOCK);

const files = new Map();  // fd -> {pos, append, writable}
const wrap = (f) => (...args) => { try { return f(...args); } catch (e) { return errnoOf(e); } };
const host = {
  stat: wrap((p) => {
    const st = fs.statSync(hostPath(p));
    return JSON.stringify([st.isDirectory() ? 0x4000 : 0x8000, st.isDirectory() ? 0 : st.size,
      Math.floor(st.mtimeMs / 1000)]);
  }),
  listdir: wrap((p) => {
    const full = hostPath(p);
    if (!fs.statSync(full).isDirectory()) return -ERRNO.ENOTDIR;
    const out = [];
    for (const e of fs.readdirSync(full, { withFileTypes: true }).sort((a, b) => a.name < b.name ? -1 : 1)) {
      let size = 0;
      if (!e.isDirectory()) { try { size = fs.statSync(path.join(full, e.name)).size; } catch { continue; } }
      out.push([e.name, e.isDirectory() ? 0x4000 : 0x8000, 0, size]);
    }
    return JSON.stringify(out);
  }),
  statvfs: wrap(() => {
    const total = totalBlocks(), free = Math.max(0, total - usedBlocks());
    return JSON.stringify([BLOCK, BLOCK, total, free, free, 0, 0, 0, 0, 255]);
  }),
  mkdir: wrap((p) => { if (readonly) return -ERRNO.EROFS; fs.mkdirSync(hostPath(p)); return 0; }),
  rmdir: wrap((p) => { if (readonly) return -ERRNO.EROFS; fs.rmdirSync(hostPath(p)); return 0; }),
  remove: wrap((p) => {
    if (readonly) return -ERRNO.EROFS;
    const full = hostPath(p);
    if (fs.statSync(full).isDirectory()) return -ERRNO.EISDIR;
    fs.unlinkSync(full); return 0;
  }),
  rename: wrap((a, b) => {     // as FAT (CIRCUITPY) renames: never over a file or folder there
    if (readonly) return -ERRNO.EROFS;
    if (fs.existsSync(hostPath(b))) return -ERRNO.EEXIST;
    fs.renameSync(hostPath(a), hostPath(b)); return 0;
  }),
  open: wrap((p, mode) => {
    const full = hostPath(p);
    const plus = mode.includes("+");
    let flags;
    if (mode.includes("w")) flags = plus ? "w+" : "w";
    else if (mode.includes("a")) flags = plus ? "a+" : "a";
    else if (mode.includes("x")) flags = plus ? "wx+" : "wx";
    else flags = plus ? "r+" : "r";
    const writable = flags !== "r";
    if (writable && readonly) return -ERRNO.EROFS;
    let isDir = false;
    try { isDir = fs.statSync(full).isDirectory(); } catch { /* new file */ }
    if (isDir) return -ERRNO.EISDIR;
    const fd = fs.openSync(full, flags);
    files.set(fd, { pos: 0, append: flags[0] === "a", writable });
    return fd;
  }),
  close: wrap((fd) => { if (files.delete(fd)) fs.closeSync(fd); return 0; }),
  read: wrap((fd, n) => {
    const f = files.get(fd);
    if (!f) return -ERRNO.EBADF;
    const size = fs.fstatSync(fd).size;
    if (n < 0 || f.pos + n > size) n = Math.max(0, size - f.pos);
    const buf = Buffer.alloc(n);
    const got = n ? fs.readSync(fd, buf, 0, n, f.pos) : 0;
    f.pos += got;
    return buf.subarray(0, got).toString("hex");
  }),
  readline: wrap((fd) => {
    const f = files.get(fd);
    if (!f) return -ERRNO.EBADF;
    const size = fs.fstatSync(fd).size, parts = [];
    while (f.pos < size) {
      const buf = Buffer.alloc(Math.min(256, size - f.pos));
      const got = fs.readSync(fd, buf, 0, buf.length, f.pos);
      if (!got) break;
      const nl = buf.subarray(0, got).indexOf(10);
      const take = nl >= 0 ? nl + 1 : got;
      parts.push(buf.subarray(0, take));
      f.pos += take;
      if (nl >= 0) break;
    }
    return Buffer.concat(parts).toString("hex");
  }),
  write: wrap((fd, hex) => {
    const f = files.get(fd);
    if (!f) return -ERRNO.EBADF;
    if (!f.writable) return -ERRNO.EBADF;
    if (readonly) return -ERRNO.EROFS;
    const data = Buffer.from(hex, "hex");
    const size = fs.fstatSync(fd).size;
    const pos = f.append ? size : f.pos;
    const grow = blocks(Math.max(size, pos + data.length)) - blocks(size);
    if (grow > 0 && usedBlocks() + grow > totalBlocks()) return -ERRNO.ENOSPC;
    fs.writeSync(fd, data, 0, data.length, pos);
    f.pos = pos + data.length;
    return data.length;
  }),
  seek: wrap((fd, off, whence) => {
    const f = files.get(fd);
    if (!f) return -ERRNO.EBADF;
    const base = whence === 1 ? f.pos : whence === 2 ? fs.fstatSync(fd).size : 0;
    if (base + off < 0) return -ERRNO.EINVAL;
    f.pos = base + off;
    return f.pos;
  }),
};
function closeAll() { for (const fd of files.keys()) { try { fs.closeSync(fd); } catch { } } files.clear(); }

// The VFS, as MicroPython code. It is written to the interpreter's own in-memory filesystem,
// imported as the module _vbadge, and then "/" is remounted to the host folder.
const VFS_SOURCE = `
import os, io, sys, json, collections
import vbadge_host as _h

def _check(r):
    if isinstance(r, int) and r < 0:
        raise OSError(-r)
    return r

class File(io.IOBase):
    def __init__(self, fd, text):
        self._fd = fd
        self._text = text
    def __enter__(self):
        return self
    def __exit__(self, *args):
        self.close()
    def __iter__(self):
        return self
    def __next__(self):
        line = self.readline()
        if not line:
            raise StopIteration
        return line
    def _live(self):
        if self._fd is None:
            raise OSError(9)
        return self._fd
    def ioctl(self, request, arg):
        if request == 1:
            return 0
        if request == 4:
            self.close()
            return 0
        if request == 11:
            return 249
        return -1
    def _out(self, data):
        return str(data, 'utf-8') if self._text else data
    def read(self, n=-1):
        return self._out(bytes.fromhex(_check(_h.read(self._live(), n))))
    def readinto(self, buf, n=-1):
        if n < 0 or n > len(buf):
            n = len(buf)
        data = bytes.fromhex(_check(_h.read(self._live(), n)))
        memoryview(buf)[:len(data)] = data
        return len(data)
    def readline(self):
        return self._out(bytes.fromhex(_check(_h.readline(self._live()))))
    def readlines(self):
        return [line for line in self]
    def write(self, data):
        if isinstance(data, str):
            data = data.encode()
        return _check(_h.write(self._live(), bytes(data).hex()))
    def seek(self, offset, whence=0):
        return _check(_h.seek(self._live(), offset, whence))
    def tell(self):
        return self.seek(0, 1)
    def flush(self):
        pass
    def close(self):
        if self._fd is not None:
            _h.close(self._fd)
            self._fd = None

class Flash:
    def __init__(self):
        self._cwd = '/'
    def _abs(self, p):
        return p if p.startswith('/') else self._cwd + p
    def mount(self, readonly, mkfs):
        pass
    def umount(self):
        pass
    def ilistdir(self, p):
        return iter([tuple(e) for e in json.loads(_check(_h.listdir(self._abs(p))))])
    def stat(self, p):
        mode, size, mtime = json.loads(_check(_h.stat(self._abs(p))))
        return (mode, 0, 0, 0, 0, 0, size, mtime, mtime, mtime)
    def statvfs(self, p):
        return tuple(json.loads(_check(_h.statvfs())))
    def mkdir(self, p):
        _check(_h.mkdir(self._abs(p)))
    def rmdir(self, p):
        _check(_h.rmdir(self._abs(p)))
    def remove(self, p):
        _check(_h.remove(self._abs(p)))
    def rename(self, a, b):
        _check(_h.rename(self._abs(a), self._abs(b)))
    def chdir(self, p):
        p = self._abs(p)
        if not p.endswith('/'):
            p += '/'
        if p != '/' and self.stat(p)[0] != 0x4000:
            raise OSError(20)
        self._cwd = p
    def getcwd(self):
        return self._cwd if self._cwd == '/' else self._cwd[:-1]
    def open(self, p, mode):
        return File(_check(_h.open(self._abs(p), mode)), 'b' not in mode)

uname_result = collections.namedtuple('uname_result', ('sysname', 'nodename', 'release', 'version', 'machine'))

def install(machine):
    v = sys.implementation.version
    release = '%d.%d.%d' % (v[0], v[1], v[2])
    u = uname_result('vbadge', 'vbadge', release, 'v' + release + ' (virtual badge)', machine)
    os.uname = lambda: u
    os.umount('/')
    os.mount(Flash(), '/')
    os.chdir('/')
`;

// ---- the interpreter and the REPL ------------------------------------------------------------
let mp = null;
let muted = false, captured = [];
const OUT_LIMIT = 1 << 16;
let outBuf = [];
let lastByte = 0;

function emit(bytes) {
  // Cook output like a board's USB REPL: a bare "\n" from print() goes out as "\r\n".
  for (const b of bytes) {
    if (b === 10 && lastByte !== 13) outBuf.push(13);
    outBuf.push(b);
    lastByte = b;
  }
  if (outBuf.length > OUT_LIMIT) flush();
}
function flush() {
  if (outBuf.length) { process.stdout.write(Buffer.from(outBuf)); outBuf = []; }
}
function sink(bytes) {
  if (muted) { captured.push(...bytes); return; }
  let i = 0;
  while (unsaid && i < bytes.length && bytes[i] === unsaid.charCodeAt(0)) { unsaid = unsaid.slice(1); i++; }
  if (i < bytes.length) unsaid = "";
  emit(i ? bytes.slice(i) : bytes);
}

async function freshInterpreter() {
  closeAll();
  mp = await loadMicroPython({ heapsize, linebuffer: false, stdout: sink, stderr: sink });
  mp.registerJsModule("vbadge_host", host);
  mp.FS.writeFile("/_vbadge.py", VFS_SOURCE);
  mp.runPython("import sys\nsys.path.insert(0, '/')\nimport _vbadge\nsys.path.pop(0)\n" +
    "_vbadge.install(" + JSON.stringify(machine) + ")\ndel sys, _vbadge\n");
  // Like a board: run boot.py from the flash at every reset (main.py / code.py are not run).
  if (fs.existsSync(path.join(flashDir, "boot.py"))) {
    try {
      mp.runPython("exec(open('/boot.py').read(), {'__name__': '__main__'})");
    } catch (e) {
      if (e.name !== "PythonError") throw e;
      emit(Buffer.from("boot.py: " + e.message.replace(/\n/g, "\r\n") + "\r\n"));
    }
  }
}

// Run fn with the interpreter's output captured; return it as a string.
function quietly(fn) {
  muted = true; captured = [];
  try { fn(); } finally { muted = false; }
  return Buffer.from(captured).toString("latin1");
}

let mode = "friendly";     // or "raw"
let rawEmpty = true;       // raw REPL line buffer is empty (a Ctrl-E there asks for raw paste)
let pasteAsk = "";         // bytes of a raw-paste request seen so far
const PASTE_WINDOW = 128;  // raw paste: bytes the host may send per window (a board's 256-byte buffer / 2)
let paste = null;          // raw paste: the code received so far (null: not pasting)
let unsaid = "";           // what the raw REPL says first that raw paste does not ("OK")

async function softReset() {
  emit(Buffer.from("MPY: soft reboot\r\n"));
  await freshInterpreter();
  const banner = quietly(() => mp.replInit());
  if (mode === "raw") {
    quietly(() => mp.replProcessChar(1));
    emit(Buffer.from("raw REPL; CTRL-B to exit\r\n>"));
  } else {
    emit(Buffer.from(banner.replace("JS with Emscripten", machine), "latin1"));
  }
  rawEmpty = true;
}

// Raw paste, as MicroPython's shared/runtime/pyexec.c: a window's worth of bytes at a time
// ("\x01" frees another), Ctrl-D ends the code ("\x04" acknowledges it), which then runs with the
// raw REPL's output (out, "\x04", err, "\x04", ">"); Ctrl-C abandons it as a KeyboardInterrupt.
function pasteOne(c) {
  if (c !== 3 && c !== 4) {
    paste.push(c);
    if (paste.length % PASTE_WINDOW === 0) emit([1]);
    return false;
  }
  const code = paste;
  paste = null;
  emit([4]);                    // the end of the code, acknowledged
  if (c === 3) { emit(Buffer.from("\x04KeyboardInterrupt: \r\n\x04>", "latin1")); return false; }
  if (!code.length) { emit(Buffer.from("\x04\x04>", "latin1")); return false; }
  quietly(() => { for (const b of code) mp.replProcessChar(b); });
  unsaid = "OK";
  return mp.replProcessChar(4) !== 0;
}

function feedOne(c) {
  // returns true when the interpreter asks for a soft reset
  if (paste !== null) return pasteOne(c);
  if (mode === "raw") {
    if (pasteAsk || (rawEmpty && c === 5)) {
      pasteAsk += String.fromCharCode(c);
      if ("\x05A\x01".startsWith(pasteAsk)) {
        if (pasteAsk === "\x05A\x01") {
          pasteAsk = ""; paste = []; rawEmpty = true;
          emit(Buffer.from([0x52, 1, PASTE_WINDOW & 0xff, PASTE_WINDOW >> 8, 1]));    // "R\x01", window, a second window free
        }
        return false;
      }
      const held = pasteAsk; pasteAsk = "";
      rawEmpty = false;   // the held Ctrl-E is the line's first byte now, not a request again
      for (const h of Buffer.from(held, "latin1")) if (feedOne(h)) return true;
      return false;
    }
    if (c === 2) mode = "friendly";
    else if (c === 1 || c === 3 || c === 4) rawEmpty = true;
    else rawEmpty = false;
  } else if (c === 1) { mode = "raw"; rawEmpty = true; }
  if (c === 2) {  // back to the friendly REPL: its banner names the board
    let r = 0;
    const text = quietly(() => { r = mp.replProcessChar(c); });
    emit(Buffer.from(text.replace("JS with Emscripten", machine), "latin1"));
    return r !== 0;
  }
  return mp.replProcessChar(c) !== 0;
}

async function feed(data) {
  for (let i = 0; i < data.length; i++) {
    if (feedOne(data[i])) {
      await softReset();
      flush();
    }
  }
  flush();
}

await freshInterpreter();
emit(Buffer.from(quietly(() => mp.replInit()).replace("JS with Emscripten", machine), "latin1"));
flush();
let chain = Promise.resolve();
process.stdin.on("data", (d) => { chain = chain.then(() => feed(d)); });
process.stdin.on("end", () => { chain.then(() => { flush(); closeAll(); process.exit(0); }); });
