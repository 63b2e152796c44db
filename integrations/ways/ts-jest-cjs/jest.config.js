module.exports = {
  testEnvironment: "node",
  moduleNameMapper: { "^(\\.{1,2}/.*)\\.js$": "$1" },
  transform: {
    "^.+\\.ts$": ["ts-jest", { astTransformers: { before: [{ path: "@tooltype/transformer/jest" }] } }],
  },
};
