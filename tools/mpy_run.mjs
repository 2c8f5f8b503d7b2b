// Run a Python script under the official MicroPython WebAssembly build (npm), in Node.
// Usage: node tools/mpy_run.mjs [--copy DIR]... [--ext EXT]... SCRIPT [ARG]...
// Each --copy DIR (relative to the repo root) is copied into the interpreter's
// filesystem at the same path (its .py and .mpy files, and those ending in each --ext,
// e.g. --ext .bin for the fonts), and the root is on sys.path, so `import engine` works.
// The script sees its extra arguments in sys.argv[1:]. Exit status 1 on a Python error;
// sys.exit() ends it as it ends CPython.
// A line "#--" splits the script into parts, run one after another with the same globals:
// this build's gc.collect() frees garbage only when called at the start of a part (inside a
// run, what was allocated stays allocated), so a heap measurement collects there.
// The heap starts at 256 KB but is no limit: this build adds heap areas as it needs them, so
// a badge's MemoryError cannot happen here.
import fs from "fs";
import path from "path";
import url from "url";

const root = path.resolve(path.dirname(url.fileURLToPath(import.meta.url)), "..");
const { loadMicroPython } = await import(
  path.join(root, "node_modules/@micropython/micropython-webassembly-pyscript/micropython.mjs"));

const heapsize = 256 * 1024;
const copies = [];
const exts = [".py", ".mpy"];
const rest = [];
const argv = process.argv.slice(2);
for (let i = 0; i < argv.length; i++) {
  if (argv[i] === "--copy") copies.push(argv[++i]);
  else if (argv[i] === "--ext") exts.push(argv[++i]);
  else rest.push(argv[i]);
}
if (rest.length < 1) {
  console.error("usage: mpy_run.mjs [--copy DIR]... [--ext EXT]... SCRIPT [ARG]...");
  process.exit(2);
}
const mp = await loadMicroPython({ heapsize, stdout: (s) => process.stdout.write(s + "\n"),
  stderr: (s) => process.stderr.write(s + "\n") });

function copyTree(rel) {
  const src = path.join(root, rel);
  mp.FS.mkdirTree("/" + rel);
  for (const name of fs.readdirSync(src)) {
    const full = path.join(src, name);
    const st = fs.statSync(full);
    if (st.isDirectory()) { if (name !== "__pycache__") copyTree(path.join(rel, name)); }
    else if (exts.some((e) => name.endsWith(e))) mp.FS.writeFile("/" + path.join(rel, name), fs.readFileSync(full));
  }
}
for (const c of copies) copyTree(c);

const script = fs.readFileSync(rest[0], "utf8");
const args = JSON.stringify(rest);
try {
  mp.runPython("import sys\nsys.path.insert(0, '/')\nsys.argv[:] = " + args + "\n");
  for (const part of script.split(/^#--$/m)) mp.runPython(part);
} catch (error) {
  if (error.name !== "PythonError") throw error;
  if (error.type === "SystemExit") {     // as CPython: sys.exit(n) ends with n, sys.exit("why") says why
    const arg = /SystemExit: ?(.*)\n*$/.exec(error.message)[1];
    if (/^-?\d+$/.test(arg)) process.exit(parseInt(arg, 10));
    if (arg !== "" && arg !== "None") { process.stderr.write(arg + "\n"); process.exit(1); }
    process.exit(0);
  }
  process.stderr.write(error.message + "\n");
  process.exit(1);
}
