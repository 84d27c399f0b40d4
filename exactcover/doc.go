// Package exactcover solves exact cover problems with Knuth's Algorithm X
// on dancing links.
//
// A Problem has named items and options. Every primary item must be covered
// by exactly one chosen option; every secondary item by at most one, except
// that options may share a secondary item when they give it the same color
// (Knuth's XCC problems, as solved by his DLX2 program).
//
// The links engine (Options.Engine EngineLinks) branches on the primary
// item with the fewest remaining options, the first such item in item order
// on ties, exactly as Knuth's DLX1 does, so that the node and update counts
// in Stats can be compared with his. Two more engines search the same
// problems: dancing cells (EngineCells, sparse sets, as Knuth's SSXCC) and
// bitsets (EngineBits, for problems with at most 8192 options); the default,
// EngineAuto, picks one for the problem.
package exactcover
