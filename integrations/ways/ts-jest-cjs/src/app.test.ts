import { runApp } from "./run-app.js";

it("makes two tool calls with schemas from the transformer", async () => {
  const line = await runApp(process.env.WAY ?? "ts-jest");
  console.log(line);
  expect(line).toContain("forecast, planTrip ran");
});
