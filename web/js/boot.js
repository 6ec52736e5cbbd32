// The rules engine starts here, as soon as this small module and engine.js have loaded:
// index.html runs it before main.js, whose ~15 modules take another round trip or two on a
// slow link. So the worker's downloads (the runtime, 5 MB) begin while the page's own are
// still on their way. main.js takes this engine and waits for `started`.

import "./errors.js"; // first: it records errors from here on
import { Engine } from "./engine.js";

export const engine = new Engine({ name: "rules" });
export const started = engine.start();
started.catch(() => {}); // main.js shows the failure
