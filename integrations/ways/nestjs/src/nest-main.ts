// NestJS (CommonJS, legacy decorators): Nest constructs the tool class and injects it; tooltype
// registers that instance's @Description methods.
import "reflect-metadata";
import { Injectable, Module } from "@nestjs/common";
import { NestFactory } from "@nestjs/core";
import { runApp } from "./run-app.js";
import { Travel } from "./tools.js";

@Injectable()
class TripService {
  constructor(readonly travel: Travel) {}
}

@Module({ providers: [Travel, TripService] })
class AppModule {}

async function main(): Promise<void> {
  const app = await NestFactory.createApplicationContext(AppModule, { logger: false });
  try {
    console.log(await runApp(process.env.WAY ?? "nestjs", app.get(TripService).travel));
  } finally {
    await app.close();
  }
}

main().catch((error: unknown) => {
  console.error(`integration failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
