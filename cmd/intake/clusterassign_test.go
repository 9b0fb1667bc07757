//go:build linux

package main_test

// Round-robin assignment across the members of a cluster run
// (cluster_test.go): handoffs arriving on every node, each conversation
// assigned exactly once, spread over the operators.

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"

	"github.com/intake-runtime/intake/actors/messaging/cloudapi"
	"github.com/intake-runtime/intake/domain"
	"github.com/intake-runtime/intake/persistence"
)

// The operators of the assignment run, and its handoffs.
var assignOperators = []string{"5511988880001", "5511988880002", "5511988880003"}

const assignHandoffs = 6

// roundRobinAcrossMembers runs three members with ASSIGNMENT=round_robin
// and three operators, and hands six conversations off, each through the
// webhook of the next node: every conversation ends HUMAN, assigned to one
// operator, who got exactly one assignment notice for it (no node assigned
// it twice, none told a second operator), and the operators hold 2-2-2.
func (e *crashEnv) roundRobinAcrossMembers(t *testing.T) {
	c := e.newCluster(t, "cluster-assign", "ASSIGNMENT", "round_robin", "OPERATOR_PHONES", strings.Join(assignOperators, ","))
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	for conv := range assignHandoffs {
		c.askForAPerson(t, ctx, conv, conv%clusterNodes)
		// One at a time, so each choice counts the ones before it.
		for c.assignmentNotices(crashPhone(conv)) == 0 {
			select {
			case <-ctx.Done():
				t.Fatalf("conversation %d was never assigned", conv)
			case <-time.After(50 * time.Millisecond):
			}
		}
	}
	time.Sleep(3 * time.Second) // time for a second assignment to show, were there one
	per := map[string]int{}
	for conv := range assignHandoffs {
		phone := crashPhone(conv)
		if n := c.assignmentNotices(phone); n != 1 {
			t.Errorf("conversation %d: %d assignment notices, want exactly 1", conv, n)
		}
		s := c.activeSession(t, ctx, phone)
		if s.State != domain.StateHuman || s.AssignedTo == "" || s.AssignedAt == nil {
			t.Errorf("conversation %d: %s assigned to %q (at %v), want HUMAN, assigned, not yet taken up", conv, s.State, s.AssignedTo, s.AssignedAt)
		}
		per[strings.TrimPrefix(string(s.AssignedTo), "+")]++
	}
	for _, op := range assignOperators {
		if per[op] != assignHandoffs/len(assignOperators) {
			t.Errorf("conversations per operator = %v, want 2-2-2", per)
			break
		}
	}
}

// askForAPerson posts conversation conv's request for a person to node's
// webhook until it is acknowledged.
func (c *clusterRun) askForAPerson(t *testing.T, ctx context.Context, conv, node int) {
	t.Helper()
	value := map[string]any{
		"messaging_product": "whatsapp",
		"metadata":          map[string]any{"display_phone_number": "15550001111", "phone_number_id": crashPhoneNumberID},
		"messages": []any{map[string]any{
			"from": crashPhone(conv), "id": fmt.Sprintf("wamid.assign.%03d", conv), "timestamp": strconv.FormatInt(time.Now().Unix(), 10),
			"type": "text", "text": map[string]any{"body": fmt.Sprintf("quero falar com uma pessoa, cliente %03d", conv)},
		}},
	}
	body, _ := json.Marshal(map[string]any{
		"object": "whatsapp_business_account",
		"entry":  []any{map[string]any{"id": "WABA_ASSIGN", "changes": []any{map[string]any{"field": "messages", "value": value}}}},
	})
	url := fmt.Sprintf("http://127.0.0.1:%d/webhook", c.ports[node])
	for {
		req, _ := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set(cloudapi.SignatureHeader, cloudapi.Signature(crashAppSecret, body))
		if res, err := c.client.Do(req); err == nil {
			res.Body.Close()
			if res.StatusCode == http.StatusOK {
				return
			}
		}
		select {
		case <-ctx.Done():
			t.Fatalf("conversation %d: the webhook of node %d never acknowledged", conv, node+1)
		case <-time.After(50 * time.Millisecond):
		}
	}
}

// assignmentNotices counts the assignment notices sent to operators about
// the conversation of phone (its page's link names the phone).
func (c *clusterRun) assignmentNotices(phone string) int {
	sends, _ := c.msgs.snapshot()
	n := 0
	for s, times := range sends {
		if strings.Contains(s.body, "atribuída a você") && strings.Contains(s.body, "/conversations/"+phone+"/") {
			n += times
		}
	}
	return n
}

// activeSession reads phone's newest session from the run's table.
func (c *clusterRun) activeSession(t *testing.T, ctx context.Context, phone string) domain.Session {
	t.Helper()
	out, err := c.env.db.Scan(ctx, &dynamodb.ScanInput{TableName: aws.String(c.table), ConsistentRead: aws.Bool(true)})
	if err != nil {
		t.Fatal(err)
	}
	var newest domain.Session
	for _, item := range out.Items {
		if !strings.HasPrefix(attrString(item, persistence.AttrSK), "S#") {
			continue
		}
		s, err := persistence.DecodeSession(item)
		if err == nil && strings.TrimPrefix(s.PhoneNumber, "+") == phone && s.CreatedAt.After(newest.CreatedAt) {
			newest = s
		}
	}
	return newest
}
