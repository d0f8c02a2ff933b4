// node:assert/strict in the web test bundle: the `assert` package (Node's assert for browsers).
import { strict } from 'assert';

export = strict;
