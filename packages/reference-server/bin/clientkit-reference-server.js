#!/usr/bin/env node
// Checked in, and not built, so that installing the workspace can link the command before dist/
// exists: pnpm links a bin only when its file is there.
import '../dist/cli.js';
