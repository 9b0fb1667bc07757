package projection_test

import (
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/credentials"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"go.uber.org/zap"

	"github.com/intake-runtime/intake/actors/projection"
	"github.com/intake-runtime/intake/actors/projection/crm"
	"github.com/intake-runtime/intake/actors/projection/crm/crmtest"
	"github.com/intake-runtime/intake/actors/projection/erp"
	"github.com/intake-runtime/intake/internal/httpcall"
	"github.com/intake-runtime/intake/internal/testservers"
	"github.com/intake-runtime/intake/persistence"
	"github.com/intake-runtime/intake/persistence/dynamo"
	"github.com/intake-runtime/intake/persistence/memory"
)

// TestConcurrentWorkers runs two sync workers at once over 200 pending
// projections, on the memory table and on DynamoDB Local (skipped without
// node and java locally, required in CI). Each worker has its
// own CRM client, as two processes would. Every projection must be synced
// exactly once: one deal created per session, no deal updated.
func TestConcurrentWorkers(t *testing.T) {
	tests := []struct {
		name  string
		table func(t *testing.T) persistence.Table
	}{
		{name: "memory", table: func(*testing.T) persistence.Table { return memory.New() }},
		{name: "dynamodb-local", table: dynamoLocalTable},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { concurrentWorkers(t, tt.table(t)) })
	}
}

func concurrentWorkers(t *testing.T, table persistence.Table) {
	const n = 200
	ctx := t.Context()
	projections := persistence.NewProjections(table)
	srv := crmtest.New(t)
	now := time.Now()
	for i := range n {
		s := completedSession(fmt.Sprintf("s-%03d", i), fmt.Sprintf("cliente%03d@exemplo.com", i))
		s.PhoneNumber = fmt.Sprintf("+551190000%04d", i)
		if _, err := projections.PutDesired(ctx, s.SessionID, desired(t, s), now); err != nil {
			t.Fatal(err)
		}
	}

	jobs := make([]*projection.Job, 2)
	for i := range jobs {
		client, err := crm.New(crm.Config{Config: httpcall.Config{BaseURL: srv.URL, AccessToken: testToken, MaxRPS: 1_000_000}}, zap.NewNop())
		if err != nil {
			t.Fatal(err)
		}
		jobs[i], err = projection.NewJob(projection.JobConfig{Table: table, CRM: client, ERP: &erp.Stub{}, Owner: fmt.Sprintf("worker-%d", i+1)}, zap.NewNop())
		if err != nil {
			t.Fatal(err)
		}
	}
	var wg sync.WaitGroup
	var failed atomic.Int32
	for _, job := range jobs {
		wg.Go(func() {
			if _, err := job.Run(ctx, nil); err != nil {
				t.Errorf("Run: %v", err)
				failed.Add(1)
			}
		})
	}
	wg.Wait()
	if failed.Load() > 0 {
		return
	}

	for i := range n {
		id := fmt.Sprintf("s-%03d", i)
		p, err := projections.Get(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		if p.Status != persistence.ProjectionSynced || p.DealID == "" || p.ConfirmedRevision != p.Revision {
			t.Errorf("%s: %s, deal %q; want SYNCED with a deal", id, p.Status, p.DealID)
		}
		if c := srv.DealCreates(id); c != 1 {
			t.Errorf("%s: %d deals created, want 1", id, c)
		}
	}
	updates := 0
	for _, call := range srv.Calls() {
		if strings.HasPrefix(call, "PATCH /crm/v3/objects/deals/") {
			updates++
		}
	}
	if deals := len(srv.Deals()); deals != n || updates != 0 {
		t.Errorf("the CRM holds %d deals and saw %d deal updates; want %d and 0", deals, updates, n)
	}

	res, err := jobs[0].Run(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	checkJSON(t, res, `{"status":"ok","metrics":{"Pending":0,"Blocked":0,"Uncertain":0,"OldestPendingSeconds":0}}`)
}

var tables atomic.Int64

// dynamoLocalTable starts DynamoDB Local for the test and creates a fresh
// table in it with dynamo.EnsureTable, as the production `table create`
// does.
func dynamoLocalTable(t *testing.T) persistence.Table {
	endpoint := testservers.DynamoDBLocal(t)
	cfg := aws.Config{Region: "us-east-1", Credentials: credentials.NewStaticCredentialsProvider("x", "x", "")}
	client := dynamodb.NewFromConfig(cfg, func(o *dynamodb.Options) { o.BaseEndpoint = aws.String(endpoint) })
	name := fmt.Sprintf("intake-projection-test-%d", tables.Add(1))
	if _, err := dynamo.EnsureTable(t.Context(), client, name); err != nil {
		t.Fatalf("EnsureTable(%s): %v", name, err)
	}
	return dynamo.New(client, name)
}
