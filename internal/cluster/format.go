package cluster

import (
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/dlxkit/dlx/internal/jsonfmt"
)

// FormatVersion is the version of the messages and records this package
// reads and writes. It is stored in the dlx_meta bucket by the first
// client of a server; clients and workers of another version are refused.
const FormatVersion = 1

// Names of the JetStream objects (see the package comment).
const (
	streamName    = "DLX_PIECES"
	subjectPrefix = "dlx.pieces."
	consumerName  = "dlx-workers"
	jobsBucket    = "dlx_jobs"
	resultsBucket = "dlx_results"
	metaBucket    = "dlx_meta"
	problemStore  = "dlx_problems"
	formatKey     = "format"
)

// Sentinel errors.
var (
	// ErrConnect: the server could not be reached, or refused the
	// credentials.
	ErrConnect = errors.New("cannot connect to the cluster")
	// ErrVersion: the server's messages are of another format version.
	ErrVersion = errors.New("message format version mismatch")
	// ErrNoJob: no job has the ID given.
	ErrNoJob = errors.New("no such job")
	// ErrJobFailed: some pieces of a job failed on every delivery.
	ErrJobFailed = errors.New("job failed")
	// ErrCanceled: the job was cancelled (dlx jobs cancel).
	ErrCanceled = errors.New("job cancelled")
	// ErrFull: the server's store (or the byte limit of the queue or of a
	// bucket) has no room for a new job; dlx jobs rm frees it.
	ErrFull = errors.New("the cluster's store is full")
)

// Job states.
const (
	StateRunning  = "running"
	StateDone     = "done"
	StateFailed   = "failed"
	StateCanceled = "cancelled"
)

// Job is the record of a job in the dlx_jobs bucket.
type Job struct {
	V       int    `json:"v"`
	ID      string `json:"id"`
	Name    string `json:"name,omitempty"` // the file the problem came from
	Problem string `json:"problem"`        // the object's name in dlx_problems
	Format  string `json:"format"`         // knuth, matrix, sparse or grids (FormatGrids)
	Engine  string `json:"engine,omitempty"`
	// A grids job: the factor of its sum and the digest of its plan
	// (see FormatGrids).
	Factor string `json:"factor,omitempty"`
	Plan   string `json:"plan,omitempty"`
	// The split asked for: SplitDepth, else SplitPieces (see Spec).
	SplitDepth  int `json:"split_depth,omitempty"`
	SplitPieces int `json:"split_pieces,omitempty"`
	Depth       int `json:"depth"`  // the deepest piece
	Pieces      int `json:"pieces"` // the number of pieces
	// Published counts the pieces put on the queue; the job can finish
	// only when it is Pieces.
	Published int       `json:"published"`
	Created   time.Time `json:"created"`
	State     string    `json:"state"`
	// The totals of the results up to revision TallySeq of dlx_results
	// (a checkpoint written while the job runs, so that a reader adds
	// only the results after it; the final totals when the job ends).
	Done      int   `json:"done"` // pieces counted
	Solutions int64 `json:"solutions"`
	Nodes     int64 `json:"nodes"`
	Updates   int64 `json:"updates"`
	// Sum is the exact sum of the parts of a grids job's pieces counted,
	// in decimal ("" is 0).
	Sum    string `json:"sum,omitempty"`
	Failed []int  `json:"failed,omitempty"` // the pieces that failed
	// Redelivered counts the pieces whose result (a count or a failure)
	// came on a second delivery or later.
	Redelivered int    `json:"redelivered,omitempty"`
	TallySeq    uint64 `json:"tally_seq,omitempty"`
	Message     string `json:"message,omitempty"`
	// Retries counts the times dlx jobs retry requeued pieces.
	Retries int `json:"retries,omitempty"`
}

// pieceMsg is the message of one piece on the work queue.
type pieceMsg struct {
	V       int    `json:"v"`
	Job     string `json:"job"`
	Piece   int    `json:"piece"` // from 1
	Pieces  int    `json:"pieces"`
	Problem string `json:"problem"`
	Format  string `json:"format"`
	Engine  string `json:"engine,omitempty"`
	Choice  []int  `json:"choice"`
	Plan    string `json:"plan,omitempty"` // a grids job's plan digest
}

// Result is the record of one piece in the dlx_results bucket: its count,
// or with Status "error" the error of its last delivery.
type Result struct {
	V         int    `json:"v"`
	Piece     int    `json:"piece"`
	Status    string `json:"status"` // "ok" or "error"
	Solutions int64  `json:"solutions"`
	Nodes     int64  `json:"nodes"`
	Updates   int64  `json:"updates"`
	// Part is a grids piece's part of the sum, in decimal.
	Part       string         `json:"part,omitempty"`
	Ms         float64        `json:"ms"`
	Worker     string         `json:"worker,omitempty"`
	Deliveries uint64         `json:"deliveries"`
	Error      *jsonfmt.Error `json:"error,omitempty"`
}

// resultKey is the key of piece i of job in dlx_results.
func resultKey(job string, i int) string { return job + "." + strconv.Itoa(i) }

// releasedKey is the key in dlx_jobs of the number of times piece i of
// job was released by a stopping worker: deliveries that do not count
// against the piece's maximum.
func releasedKey(job string, i int) string { return job + ".released." + strconv.Itoa(i) }

// retryHeader marks a piece queued again by dlx jobs retry: the worker
// looks for its result before counting it.
const retryHeader = "Dlx-Retry"

// pieceOfKey returns the piece number of a key of dlx_results.
func pieceOfKey(key string) (int, bool) {
	i := strings.LastIndexByte(key, '.')
	if i < 0 {
		return 0, false
	}
	n, err := strconv.Atoi(key[i+1:])
	return n, err == nil && n >= 1
}

// validJobID reports whether id can be a job ID: letters, digits, '-'
// and '_', as the keys and subjects need.
func validJobID(id string) bool {
	if id == "" || len(id) > 64 {
		return false
	}
	for _, c := range id {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_') {
			return false
		}
	}
	return true
}

// versionError is the error for a message or record of version v.
func versionError(what string, v, want int) error {
	return fmt.Errorf("%s is of message format version %d, this dlx speaks version %d (run the same dlx release on every machine): %w",
		what, v, want, ErrVersion)
}

// decodeVersioned decodes data into v, whose field "v" must be want.
func decodeVersioned(what string, data []byte, v any, want int) error {
	var head struct {
		V *int `json:"v"`
	}
	if err := json.Unmarshal(data, &head); err != nil {
		return fmt.Errorf("%s: not a dlx message: %w", what, err)
	}
	if head.V == nil {
		return fmt.Errorf("%s: not a dlx message (no version)", what)
	}
	if *head.V != want {
		return versionError(what, *head.V, want)
	}
	return json.Unmarshal(data, v)
}
