package session

import (
	"github.com/asynkron/protoactor-go/actor"

	"github.com/intake-runtime/intake/actors/sessionpb"
)

// opQueue is the part of a conversation that holds the operator commands
// (and its own renotifications) waiting for the running turn. Commands run
// one at a time and never beside a customer turn, so a command and a turn
// never race for the snapshot.
type opQueue struct {
	waiting []opRequest
}

// opRequest is an operator command waiting its turn.
type opRequest struct {
	cmd    *sessionpb.OperatorCommand
	sender *actor.PID
	// renotify marks the actor's own renotification, which runs like a
	// command (see handoff.go).
	renotify bool
	// assignTo and lapse mark the actor's own assignment commands: give
	// the conversation to that operator, or end an assignment not taken up
	// (see assign.go).
	assignTo string
	lapse    bool
}

func (q *opQueue) push(op opRequest) { q.waiting = append(q.waiting, op) }

// pop removes the oldest command; ok is false when none waits.
func (q *opQueue) pop() (op opRequest, ok bool) {
	if len(q.waiting) == 0 {
		return opRequest{}, false
	}
	op, q.waiting = q.waiting[0], q.waiting[1:]
	return op, true
}

func (q *opQueue) empty() bool { return len(q.waiting) == 0 }

// messageID is the platform message an operator command answers: set when
// an operator wrote on the platform itself, empty otherwise.
func (op *opRequest) messageID() string {
	if op == nil || op.cmd == nil {
		return ""
	}
	return op.cmd.GetMessageId()
}

// action is the command's action; a renotification has none.
func (op *opRequest) action() sessionpb.OperatorAction {
	if op == nil {
		return sessionpb.OperatorAction_OPERATOR_ACTION_UNSPECIFIED
	}
	return op.cmd.GetAction()
}
