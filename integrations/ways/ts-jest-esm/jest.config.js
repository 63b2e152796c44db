// A "type": "module" project: ts-jest in ESM mode, and `./x.js` imports mapped to the .ts files.
export default {
  testEnvironment: "node",
  extensionsToTreatAsEsm: [".ts"],
  moduleNameMapper: { "^(\\.{1,2}/.*)\\.js$": "$1" },
  transform: {
    "^.+\\.ts$": ["ts-jest", { useESM: true, astTransformers: { before: [{ path: "@tooltype/transformer/jest" }] } }],
  },
};
