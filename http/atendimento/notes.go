package atendimento

import (
	"context"
	"errors"
	"strings"
	"unicode/utf8"

	"github.com/gofiber/fiber/v2"
	"github.com/google/uuid"
	"go.uber.org/zap"

	"github.com/intake-runtime/intake/persistence"
)

// NoteStore keeps the operators' internal notes; *persistence.Notes
// implements it.
type NoteStore interface {
	Add(ctx context.Context, n persistence.Note) error
	List(ctx context.Context, phone, sessionID string) ([]persistence.Note, error)
}

// MaxNoteRunes bounds one internal note.
const MaxNoteRunes = 2000

// notesJSON answers GET …/conversations/:phone/:session/notes: the
// conversation's internal notes, oldest first, for every operator.
func (c *Console) notesJSON(ctx *fiber.Ctx) error {
	phone, sessionID, err := target(ctx)
	if err != nil {
		return c.failJSON(ctx, fiber.StatusNotFound, "not_found", "error.not_found")
	}
	notes, err := c.deps.Notes.List(ctx.UserContext(), phone, sessionID)
	if err != nil {
		c.log.Error("notes not read", zap.Error(err))
		return c.failJSON(ctx, fiber.StatusServiceUnavailable, "unavailable", "tools.error.notes")
	}
	names := c.operatorNames(ctx.UserContext())
	views := make([]noteView, len(notes))
	for i, n := range notes {
		views[i] = noteView{Note: n, OperatorName: names.of(n.Operator)}
	}
	return ctx.JSON(fiber.Map{"notes": views})
}

// noteView is a note as the console shows it: who wrote it, by name.
type noteView struct {
	persistence.Note
	OperatorName string `json:"operator_name"`
}

// addNote answers POST …/conversations/:phone/:session/notes {"text": "…"}:
// a note every operator sees on the conversation, never sent to the
// customer. Any logged-in operator may write one, holder or not.
func (c *Console) addNote(ctx *fiber.Ctx) error {
	phone, sessionID, err := target(ctx)
	if err != nil {
		return c.failJSON(ctx, fiber.StatusNotFound, "not_found", "error.not_found")
	}
	var body struct {
		Text string `json:"text"`
	}
	if err := ctx.BodyParser(&body); err != nil {
		return c.failJSON(ctx, fiber.StatusBadRequest, "bad_request", "error.bad_body")
	}
	text := strings.TrimSpace(body.Text)
	switch {
	case text == "":
		return c.failJSON(ctx, fiber.StatusBadRequest, "empty_text", "tools.error.note_empty")
	case utf8.RuneCountInString(text) > MaxNoteRunes:
		return c.failJSON(ctx, fiber.StatusBadRequest, "text_too_long", "tools.error.note_long")
	}
	if _, err := c.deps.Sessions.Get(ctx.UserContext(), phone, sessionID); errors.Is(err, persistence.ErrNotFound) {
		return c.failJSON(ctx, fiber.StatusNotFound, "not_found", "error.not_found")
	} else if err != nil {
		c.log.Error("conversation not read before a note", zap.Error(err))
		return c.failJSON(ctx, fiber.StatusServiceUnavailable, "unavailable", "tools.error.notes")
	}
	n := persistence.Note{NoteID: uuid.NewString(), PhoneNumber: phone, SessionID: sessionID,
		Operator: operatorOf(ctx), Text: strings.Clone(text), At: c.cfg.Now()}
	if err := c.deps.Notes.Add(ctx.UserContext(), n); err != nil {
		c.log.Error("note not stored", zap.Error(err))
		return c.failJSON(ctx, fiber.StatusServiceUnavailable, "unavailable", "tools.error.notes")
	}
	c.audit(ctx, n.Operator, persistence.AuditNote, phone, sessionID)
	return ctx.Status(fiber.StatusCreated).JSON(fiber.Map{"note": n})
}
