// The sidecar first, so every tool has its metadata before tools.add runs.
import "./tooltype.generated.js";
import "./main.js";
