// Package lineproto serves the Sudoku line protocol of the muduo Sudoku
// server over TCP: one request per line, an optional "id:" prefix and 81
// digits ('0' blank), answered in order on each connection with the solution
// or "NoSolution".
//
// Protocol (compatible with the muduo server):
//
//	request:  [id ":"] 81 bytes '0'-'9'  CR LF
//	reply:    [id ":"] 81 digits         CR LF   (the first solution found)
//	          [id ":"] "NoSolution"      CR LF   (no solution, or a byte outside '0'-'9')
//	          "Bad Request!"             CR LF   (the puzzle part is not 81 bytes; then the server closes)
//	          "Id too long!"             CR LF   (a line longer than Config.MaxLine; then the server closes)
//
// The id is everything before the first ':'; an empty id gets no prefix.
// Extensions that no muduo client relies on: lines may end with LF alone,
// and '.' is accepted as a blank like '0'. Requests may be pipelined: the
// server reads what has arrived, solves every complete line and writes all
// the replies with one write.
package lineproto
