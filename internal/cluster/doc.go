// Package cluster counts the solutions of an exact cover problem on a
// NATS JetStream cluster: a coordinator splits the search into pieces
// (exactcover.Solver.Split or SplitDepth), workers on any number of
// machines count them, and the coordinator adds up their counts.
//
// Everything lives in JetStream on the server (an embedded one, see
// Serve, or a cluster of the official nats-server):
//
//   - the object store dlx_problems holds each problem once, named by the
//     SHA-256 of its format and text;
//   - the key-value bucket dlx_jobs holds one record per job (Job);
//   - the work-queue stream DLX_PIECES holds one message per piece, on
//     subject dlx.pieces.JOB, consumed by the durable pull consumer
//     dlx-workers with explicit acks, an ack wait and a maximum number of
//     deliveries;
//   - the key-value bucket dlx_results holds one record per piece counted
//     (or failed), key JOB.PIECE, written with Create, which fails when
//     the key exists: a piece delivered twice is counted once;
//   - the key-value bucket dlx_meta holds the version of the message
//     format (key "format"); a client of another version is refused with
//     ErrVersion.
//
// A worker acks a piece only after its result is recorded; a worker that
// dies (or stops) before that leaves the piece to be delivered again after
// the ack wait (or at once: a stopping worker naks it). A total is the sum
// of the records, so it survives the coordinator: Wait, from any process,
// finishes a job from the stored results.
package cluster
