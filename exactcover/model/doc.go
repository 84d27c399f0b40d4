// Package model builds classic exact cover problems: the n queens, Langford
// pairs and pentomino packings.
//
// Each generator produces its items and options in the order of the
// problem files Knuth uses with his DLX programs (the queens8.dlx,
// langford11.dlx and pento6x10.dlx of the project's shared instances), so
// that the node and update counts of a search can be compared with his.
package model

// digit36 names small numbers with one character, 0-9 then a-z, as Knuth's
// problem files do.
const digit36 = "0123456789abcdefghijklmnopqrstuvwxyz"
