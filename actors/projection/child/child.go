// Package child is the projection child actor of a conversation: after each
// committed turn of a qualified session it records the desired CRM state
// (the sync job, the only writer of deals, converges the CRM to it) and, once
// registration is complete, makes sure the ERP has the customer.
//
// It runs its table and ERP calls off the session actor's mailbox, one at a
// time, and reports the ERP outcome to its parent, which alone writes the
// session (erp_synced, erp_payload).
package child

import (
	"context"
	"time"

	"github.com/asynkron/protoactor-go/actor"
	"go.uber.org/zap"

	"github.com/intake-runtime/intake/actors/projection"
	"github.com/intake-runtime/intake/persistence"
)

// Project asks the projection child to project a committed session. The
// session must not be changed after sending (its maps are shared).
type Project struct {
	Session persistence.Session
}

// CustomerSynced reports to the parent what projecting a session to the ERP
// produced; the parent stores it with Sync.Apply.
type CustomerSynced struct {
	SessionID string
	Sync      projection.CustomerSync
}

// callTimeout bounds one projection: a table write and an ERP call.
const callTimeout = time.Minute

// Props returns the props of a conversation's projection child. erp is nil
// when ERP_ENABLED=false: nothing is sent to the ERP then.
func Props(table persistence.Table, erp projection.ERP, now func() time.Time, logger *zap.Logger) *actor.Props {
	projections := persistence.NewProjections(table)
	return actor.PropsFromProducer(func() actor.Actor {
		return &projector{projections: projections, erp: erp, now: now, logger: logger}
	})
}

type projector struct {
	projections *persistence.Projections
	erp         projection.ERP
	now         func() time.Time
	logger      *zap.Logger
}

func (p *projector) Receive(ctx actor.Context) {
	msg, ok := ctx.Message().(*Project)
	if !ok {
		return
	}
	call, cancel := context.WithTimeout(context.Background(), callTimeout)
	defer cancel()
	s := msg.Session
	if _, err := p.projections.PutDesired(call, s.SessionID, projection.Desired(s), p.now()); err != nil {
		p.logger.Error("desired CRM state not recorded; the next turn records it", zap.String("session_id", s.SessionID), zap.Error(err))
	}
	if p.erp == nil || s.ERPSynced || s.State != persistence.StateCompleted {
		return
	}
	sync, err := projection.SyncCustomer(call, p.erp, s)
	if err != nil {
		p.logger.Warn("ERP customer not synced", zap.String("session_id", s.SessionID), zap.Error(err))
	}
	ctx.Send(ctx.Parent(), &CustomerSynced{SessionID: s.SessionID, Sync: sync})
}
