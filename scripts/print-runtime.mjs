// First line of `npm test`: the Node the tests run on (npm scripts take node_modules/.bin's Node 24
// before the machine's), and a refusal of a Node the portal does not support.
const major = Number(process.versions.node.split(".")[0]);
console.log(`Node ${process.version} (${process.execPath})`);
if (major < 22) {
  console.error(
    "The portal needs Node.js 22 or 24: run `npm ci` first, it installs Node 24 into node_modules/.bin.",
  );
  process.exit(1);
}
