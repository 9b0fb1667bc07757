//go:build linux

package main_test

// The crash test of a person's erasure: DELETE /admin/api/people/{phone}
// on `intake serve` over DynamoDB Local, the process killed with SIGKILL
// midway, restarted, the DELETE asked again.

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"

	"github.com/intake-runtime/intake/persistence"
	"github.com/intake-runtime/intake/persistence/dynamo"
	"github.com/intake-runtime/intake/persistence/persistencetest"
)

const eraseAdminKey = "erase-crash-admin-key-0123456789"

// TestEraseSurvivesKill: a person with some 900 items under both forms of
// their number; serve is killed once the erasure has deleted its first
// batch; after the restart the same DELETE finishes, answers the CRM and
// ERP records gathered before the kill, and a scan of the whole table finds
// neither form of the number nor the CPF, and finds the tombstone.
func TestEraseSurvivesKill(t *testing.T) {
	e := newCrashEnv(t)
	r := e.prepareRun(t, "erase")
	env := r.environment()
	env["ADMIN_API_KEY"] = eraseAdminKey
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()

	const canonical, old, cpf = "+5511988887777", "+551188887777", "52998224725"
	table := dynamo.New(e.db, r.table)
	if _, err := persistencetest.SeedPerson(ctx, table, canonical, old, cpf, 300, time.Now()); err != nil {
		t.Fatal(err)
	}
	r.serve = startServe(t, e.bin, env, r.port, r.logDir)
	if err := r.serve.waitHealthy(ctx, 30*time.Second); err != nil {
		t.Fatal(err)
	}

	first := make(chan int, 1)
	go func() {
		status, _, _ := eraseRequest(ctx, r.port, canonical)
		first <- status
	}()
	// Receipts go first: once the first one is gone the erasure is under way.
	firstReceipt := persistence.Key{PK: persistence.ReceiptPK("wamid." + old[1:] + ".0"), SK: persistence.ReceiptSK}
	waitUntil(t, ctx, "the erasure deletes its first batch", func() bool {
		_, err := table.Get(ctx, firstReceipt)
		return errors.Is(err, persistence.ErrNotFound)
	})
	r.serve.kill()
	if status := <-first; status == http.StatusOK {
		t.Fatal("the erasure finished before the kill; the test proves nothing")
	}
	if n := countPartition(t, ctx, table, persistence.SessionPK(canonical)); n == 0 {
		t.Fatal("the kill came after the phone's partition was erased; the test proves nothing")
	} else {
		t.Logf("killed with %d items left in the phone's partition", n)
	}

	if err := r.serve.restart(); err != nil {
		t.Fatal(err)
	}
	if err := r.serve.waitHealthy(ctx, 30*time.Second); err != nil {
		t.Fatal(err)
	}
	status, body, err := eraseRequest(ctx, r.port, "+55 11 8888-7777")
	if err != nil || status != http.StatusOK {
		t.Fatalf("DELETE after the restart = %d %s %v", status, body, err)
	}
	for _, id := range []string{"contact-77", "deal-78", "erp-79"} {
		if !strings.Contains(body, id) {
			t.Errorf("the answer %s does not list %s", body, id)
		}
	}

	tombstones := 0
	var start persistence.Item
	for {
		out, err := e.db.Scan(ctx, &dynamodb.ScanInput{TableName: aws.String(r.table), ExclusiveStartKey: start, ConsistentRead: aws.Bool(true)})
		if err != nil {
			t.Fatal(err)
		}
		for _, item := range out.Items {
			var m map[string]any
			if err := attributevalue.UnmarshalMap(item, &m); err != nil {
				t.Fatal(err)
			}
			text := fmt.Sprint(m)
			for _, banned := range []string{"88887777", cpf, "529.982.247-25"} {
				if strings.Contains(text, banned) {
					t.Errorf("after the erasure an item holds %q: %.300s", banned, text)
				}
			}
			if k := persistence.KeyOf(item); strings.HasPrefix(k.PK, "ERASURE#") && strings.HasPrefix(k.SK, "DONE#") {
				tombstones++
			}
		}
		if start = out.LastEvaluatedKey; len(start) == 0 {
			break
		}
	}
	if tombstones != 1 {
		t.Errorf("%d tombstones, want 1", tombstones)
	}
}

// eraseRequest sends DELETE /admin/api/people/{phone} with the admin key.
func eraseRequest(ctx context.Context, port int, phone string) (int, string, error) {
	url := fmt.Sprintf("http://127.0.0.1:%d/admin/api/people/%s", port, strings.ReplaceAll(phone, " ", "%20"))
	req, err := http.NewRequestWithContext(ctx, http.MethodDelete, url, nil)
	if err != nil {
		return 0, "", err
	}
	req.Header.Set("X-Admin-Key", eraseAdminKey)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return 0, "", err
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	return resp.StatusCode, string(body), err
}

// countPartition counts the items of one partition.
func countPartition(t *testing.T, ctx context.Context, table persistence.Table, pk string) int {
	t.Helper()
	n := 0
	q := persistence.Query{PK: pk}
	for {
		page, err := table.Query(ctx, q)
		if err != nil {
			t.Fatal(err)
		}
		n += len(page.Items)
		if page.Next == "" {
			return n
		}
		q.Cursor = page.Next
	}
}
