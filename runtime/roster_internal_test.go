package runtime

import (
	"context"
	"strings"
	"testing"
	"time"

	"go.uber.org/zap"

	"github.com/intake-runtime/intake/actors/handoff"
	"github.com/intake-runtime/intake/actors/messaging"
	"github.com/intake-runtime/intake/domain"
	"github.com/intake-runtime/intake/persistence"
	"github.com/intake-runtime/intake/persistence/memory"
	"github.com/intake-runtime/intake/runtime/config"
)

// OPERATOR_PHONES seeds the roster at every start and the notices read the
// roster: an operator admins disabled stays disabled across restarts and is
// never told; one admins added (not in OPERATOR_PHONES) is told.
func TestHandoffNoticesFollowTheRosterAcrossStarts(t *testing.T) {
	ctx := context.Background()
	table := memory.New()
	now := func() time.Time { return time.Date(2025, 3, 14, 12, 0, 0, 0, time.UTC) }
	cfg := config.Config{Handoff: config.Handoff{NotifierEnabled: true, OperatorPhones: []string{"+55 11 4000-00001", "5511400000002"}}}
	if _, err := operatorRoster(ctx, cfg, table, now, zap.NewNop()); err != nil {
		t.Fatal(err)
	}
	store := persistence.NewOperatorRoster(table)
	for _, o := range []persistence.OperatorRecord{{Phone: "+5511400000001", Disabled: true}, {Phone: "+5511988887777", Name: "Ana"}} {
		if err := store.Put(ctx, o); err != nil {
			t.Fatal(err)
		}
	}
	roster, err := operatorRoster(ctx, cfg, table, now, zap.NewNop()) // the next start
	if err != nil {
		t.Fatal(err)
	}
	sender := messaging.NewStub(nil)
	n, err := handoffNotifier(ctx, cfg, sender, nil, roster, nil, nil, zap.NewNop())
	if err != nil {
		t.Fatal(err)
	}
	s := domain.NewSession("s1", "+5511999990000", "instance_a", now())
	s.State = domain.StateHandoff
	if res, err := n.Notify(ctx, handoff.Notice{Session: s, QueuePosition: 1}); err != nil || !res.Notified {
		t.Fatalf("Notify = %+v, %v", res, err)
	}
	var told []string
	for _, send := range sender.Sends() {
		told = append(told, send.To)
	}
	if len(told) != 2 || told[0] != "5511400000002" || told[1] != "5511988887777" {
		t.Errorf("told %v, want the enabled seeded operator and the admin-added one, not the disabled one", told)
	}
}

// ADMIN_PHONES seeds owners as admins, before OPERATOR_PHONES seeds
// operators: a number in both lists is an admin, and admins are operators
// too, so an owner alone on the roster is told of handoffs.
func TestAdminPhonesSeedAdminsWhoAreToldOfHandoffs(t *testing.T) {
	ctx := context.Background()
	now := func() time.Time { return time.Date(2025, 3, 14, 12, 0, 0, 0, time.UTC) }
	for _, tc := range []struct {
		name        string
		admins, ops []string
		wantRoles   map[string]persistence.Role
		wantTold    []string
	}{
		{"owner alone", []string{"+5511988887777"}, nil,
			map[string]persistence.Role{"+5511988887777": persistence.RoleAdmin}, []string{"5511988887777"}},
		{"owner in both lists", []string{"+5511988887777"}, []string{"+5511988887777", "+5511400000002"},
			map[string]persistence.Role{"+5511988887777": persistence.RoleAdmin, "+5511400000002": persistence.RoleOperator},
			[]string{"5511400000002", "5511988887777"}},
	} {
		table := memory.New()
		cfg := config.Config{Admin: config.Admin{Phones: tc.admins}, Handoff: config.Handoff{NotifierEnabled: true, OperatorPhones: tc.ops}}
		roster, err := operatorRoster(ctx, cfg, table, now, zap.NewNop())
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		for phone, role := range tc.wantRoles {
			if o, err := persistence.NewOperatorRoster(table).Get(ctx, phone); err != nil || o.Role != role || o.Disabled {
				t.Errorf("%s: %s = %+v, %v; want enabled, role %s", tc.name, phone, o, err, role)
			}
		}
		sender := messaging.NewStub(nil)
		n, err := handoffNotifier(ctx, cfg, sender, nil, roster, nil, nil, zap.NewNop())
		if err != nil {
			t.Fatal(err)
		}
		s := domain.NewSession("s1", "+5511999990000", "instance_a", now())
		s.State = domain.StateHandoff
		if res, err := n.Notify(ctx, handoff.Notice{Session: s, QueuePosition: 1}); err != nil || !res.Notified {
			t.Fatalf("%s: Notify = %+v, %v", tc.name, res, err)
		}
		var told []string
		for _, send := range sender.Sends() {
			told = append(told, send.To)
		}
		if strings.Join(told, ",") != strings.Join(tc.wantTold, ",") {
			t.Errorf("%s: told %v, want %v", tc.name, told, tc.wantTold)
		}
	}
}
