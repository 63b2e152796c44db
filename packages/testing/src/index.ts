// Public API of @tooltype/testing: the scripted model server and its script vocabulary.
export { ScriptedModelServer } from "./server.js";
export type { ScriptedModelServerOptions, ScriptedRequestHandler } from "./server.js";
export type { RecordedRequest } from "./recorder.js";
export type {
  ScriptedTurn,
  ScriptedTurnSource,
  ScriptedTurnFunction,
  ScriptedChoice,
  ScriptedToolCall,
  ScriptedUsage,
  ScriptedChunk,
  ScriptedObject,
  ScriptedFaults,
  ScriptedStreaming,
  StreamQuirks,
} from "./turn.js";
export { turn } from "./turn-helpers.js";
export type { ScriptedErrorOptions } from "./turn-helpers.js";
