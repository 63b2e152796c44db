const { join } = require("node:path");
const { tooltypePlugin } = require("@tooltype/transformer/bundler");

module.exports = {
  mode: "production",
  target: "node",
  entry: "./src/main.ts",
  output: { path: join(__dirname, "dist"), filename: "main.js" },
  resolve: { extensions: [".ts", ".js"], extensionAlias: { ".js": [".ts", ".js"] } },
  module: { rules: [{ test: /\.ts$/, loader: "ts-loader", exclude: /node_modules/ }] },
  externals: [/^@tooltype\//],
  externalsType: "commonjs",
  optimization: { minimize: false },
  plugins: [tooltypePlugin.webpack()],
};
