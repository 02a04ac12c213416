// How a TypeScript user calls the package: compiled with `tsc --noEmit --strict` by
// types.test.js. The lines marked @ts-expect-error must be refused by the types.
import { analyze, see, seeMany, trace, type Analysis, type Trace } from "../../../npm/index.js";

const fen = "6k1/8/4p3/3p4/1b2P3/2N5/8/3R2K1 w - - 0 1";
const value: number = see(fen, "exd5");
const wins: boolean = see(fen, "exd5", { threshold: 0, rules: "stockfish" });
const values: Int32Array = seeMany([fen], ["exd5"]);
const answers: boolean[] = seeMany([fen], [{ from: "e4", to: "d5" }], { threshold: 0 });
const report: Analysis = analyze(fen, { values: { pawn: 100, knight: 300, bishop: 300, rook: 500, queen: 900 } });
const white = report.hanging.white?.map((h) => h.square + h.piece + h.gain);
const steps: Trace = trace(fen, "Rxd5", { values: [100, 300, 300, 500, 900] });
const first: "white" | "black" | undefined = steps.captures[0]?.side;

// Options built in a variable match too (they matched no overload), and chessops's moves
// with numbered squares and a role for the promotion.
const maybe: { threshold?: number } = {};
const either: number | boolean = see(fen, "exd5", maybe);
const eithers: Int32Array | boolean[] = seeMany([fen], ["exd5"], maybe);
const numbered: number = see(fen, { from: 28, to: 35, promotion: "queen" });

// @ts-expect-error: no such rule set
see(fen, "exd5", { rules: "fast" });
// @ts-expect-error: a threshold makes the answer a boolean
const wrong: number = see(fen, "exd5", { threshold: 0 });
// @ts-expect-error: four values are not five
see(fen, "exd5", { values: [1, 2, 3, 4] });

export { value, wins, values, answers, white, first, wrong, either, eithers, numbered };
