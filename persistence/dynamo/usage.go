package dynamo

import (
	"maps"
	"sync"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
)

// Usage meters what a Table costs in production, where DynamoDB bills every
// request and the capacity units it consumes: it counts requests by operation
// and sums the read and write capacity units DynamoDB reports for them (table
// and index together). Attach it with Table.WithUsage; benchmarks read it
// per turn with Snapshot and Reset. It is safe for concurrent use; the zero
// value is ready.
type Usage struct {
	mu       sync.Mutex
	requests map[string]int64
	read     float64
	write    float64
}

// UsageSnapshot is what a Usage has counted.
type UsageSnapshot struct {
	// Requests counts the requests sent, by DynamoDB operation name (GetItem,
	// PutItem, UpdateItem, DeleteItem, Query, Scan, BatchWriteItem,
	// TransactWriteItems), failed ones and retries included.
	Requests map[string]int64
	// ReadCapacityUnits and WriteCapacityUnits sum the capacity DynamoDB
	// reported as consumed. A request that fails reports none.
	ReadCapacityUnits  float64
	WriteCapacityUnits float64
}

// TotalRequests is the number of requests of all operations.
func (s UsageSnapshot) TotalRequests() int64 {
	var n int64
	for _, c := range s.Requests {
		n += c
	}
	return n
}

// Snapshot returns a copy of the counts.
func (u *Usage) Snapshot() UsageSnapshot {
	u.mu.Lock()
	defer u.mu.Unlock()
	reqs := maps.Clone(u.requests)
	if reqs == nil {
		reqs = map[string]int64{}
	}
	return UsageSnapshot{Requests: reqs, ReadCapacityUnits: u.read, WriteCapacityUnits: u.write}
}

// Reset sets every count to zero.
func (u *Usage) Reset() {
	u.mu.Lock()
	defer u.mu.Unlock()
	u.requests, u.read, u.write = nil, 0, 0
}

// add counts one request of op and the capacity its answer reports. An entry
// that splits its units into read and write is taken as it is; one that gives
// only a total is read capacity for a read operation, write capacity for a
// write.
func (u *Usage) add(op string, write bool, consumed []types.ConsumedCapacity) {
	u.mu.Lock()
	defer u.mu.Unlock()
	if u.requests == nil {
		u.requests = make(map[string]int64)
	}
	u.requests[op]++
	for _, c := range consumed {
		switch {
		case c.ReadCapacityUnits != nil || c.WriteCapacityUnits != nil:
			u.read += aws.ToFloat64(c.ReadCapacityUnits)
			u.write += aws.ToFloat64(c.WriteCapacityUnits)
		case write:
			u.write += aws.ToFloat64(c.CapacityUnits)
		default:
			u.read += aws.ToFloat64(c.CapacityUnits)
		}
	}
}
