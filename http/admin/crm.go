package admin

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/gofiber/fiber/v2"

	"github.com/intake-runtime/intake/actors/projection"
	"github.com/intake-runtime/intake/actors/projection/crm"
	"github.com/intake-runtime/intake/http/sameorigin"
	"github.com/intake-runtime/intake/settings"
)

// CRMPath is the CRM page: the pipeline's stage ID of each Intake stage
// and the deal property that names the conversation.
//
//	GET  /admin/settings/crm          the form, a flash, the versions
//	POST /admin/settings/crm          saves the form (303, or 422 refused)
//	POST /admin/settings/crm/check    asks the CRM about the form, unsaved
//	POST /admin/settings/crm/restore  makes an old version current again
const CRMPath = SettingsPath + "/crm"

// stageField is the form field of a logical stage's ID.
const stageField = "stage_"

func (h *Handler) registerCRM(r fiber.Router) {
	r.Get(CRMPath, h.pageAuth, h.crmPage)
	r.Post(CRMPath, h.pageAuth, sameorigin.Check, h.saveCRM)
	r.Post(CRMPath+"/check", h.pageAuth, sameorigin.Check, h.checkCRM)
	h.restoreRoute(r, CRMPath, CRMDoc)
}

// crmView is what the CRM page shows.
type crmView struct {
	Stages   []crmStageRow
	Property string
	// Default is the session property an empty field means.
	Default string
	// Flash is the write just done, Error the one just refused (the typed
	// values kept).
	Flash, Error string
	// Checked says a check ran; CheckOK whether the CRM has everything;
	// Found and Missing say, in words, what it has and lacks.
	Checked        bool
	CheckOK        bool
	Found, Missing []string
	History        historyView
}

// crmStageRow is one Intake stage: its label in words and its ID field.
type crmStageRow struct {
	Field, Label, ID string
}

func (h *Handler) crmPage(c *fiber.Ctx) error {
	view := h.crmForm(h.crmMapping(c))
	view.Flash, view.Error = h.settingsMessages(c)
	return h.renderCRM(c, view)
}

// crmMapping is the mapping in force; without a CRM wired in, the stored
// version (none: empty fields).
func (h *Handler) crmMapping(c *fiber.Ctx) crm.Mapping {
	if h.cfg.CRM != nil {
		return h.cfg.CRM.Mapping()
	}
	ctx, cancel := context.WithTimeout(c.UserContext(), apiTimeout)
	defer cancel()
	v, err := h.cfg.Settings.Current(ctx, CRMDoc)
	if err != nil || v.Text == "" {
		return crm.Mapping{}
	}
	m, _ := crm.ParseMapping(v.Text) // a stored version passed the check
	return m
}

// crmForm fills the form with m.
func (h *Handler) crmForm(m crm.Mapping) crmView {
	view := crmView{Property: m.SessionProperty, Default: crm.DefaultSessionProperty}
	for _, logical := range projection.Stages() {
		view.Stages = append(view.Stages, crmStageRow{
			Field: stageField + logical, Label: h.pages.loc.T("admin.crm.stage." + logical), ID: m.Stages[logical],
		})
	}
	return view
}

// typedCRM reads the form: a stage left empty is sent by its own name.
func typedCRM(c *fiber.Ctx) crm.Mapping {
	m := crm.Mapping{Stages: map[string]string{}, SessionProperty: strings.TrimSpace(c.FormValue("property"))}
	for _, logical := range projection.Stages() {
		if id := strings.TrimSpace(c.FormValue(stageField + logical)); id != "" {
			m.Stages[logical] = id
		}
	}
	return m
}

func (h *Handler) renderCRM(c *fiber.Ctx, view crmView) error {
	ctx, cancel := context.WithTimeout(c.UserContext(), apiTimeout)
	defer cancel()
	history, err := h.history(ctx, CRMDoc, CRMPath)
	if err != nil {
		return h.internal(c, "CRM setting history not read", err)
	}
	view.History = history
	return h.pages.render(c, page{Page: "settings-crm", Data: view})
}

// saveCRM stores the form as the next version; refused, the page comes
// back 422 with the reason and what was typed.
func (h *Handler) saveCRM(c *fiber.Ctx) error {
	m := typedCRM(c)
	ctx, cancel := context.WithTimeout(c.UserContext(), apiTimeout)
	defer cancel()
	_, err := h.cfg.Settings.Save(ctx, CRMDoc, m.Text(), h.author(c))
	var refused *settings.Refused
	switch {
	case errors.As(err, &refused):
		return h.refuseCRM(c, m, refused.Reason)
	case err != nil:
		return h.internal(c, "CRM setting not saved", err)
	}
	return c.Redirect(CRMPath+"?done=saved", fiber.StatusSeeOther)
}

// checkCRM asks the CRM whether it has what the form names, saving
// nothing, and shows the answer beside the typed values.
func (h *Handler) checkCRM(c *fiber.Ctx) error {
	m := typedCRM(c)
	if err := m.Validate(projection.Stages()); err != nil {
		return h.refuseCRM(c, m, err)
	}
	view := h.crmForm(m)
	view.Checked = true
	if h.cfg.CRM == nil {
		view.Missing = []string{h.pages.loc.T("admin.crm.not_connected")}
		return h.renderCRM(c, view)
	}
	ctx, cancel := context.WithTimeout(c.UserContext(), reportTimeout)
	defer cancel()
	r, err := h.cfg.CRM.Check(ctx, m)
	switch {
	case errors.Is(err, ErrCRMNotConnected):
		view.Missing = []string{h.pages.loc.T("admin.crm.not_connected")}
	case err != nil:
		view.Missing = []string{h.pages.loc.T("admin.crm.unreachable", err.Error())}
	default:
		view.CheckOK = r.OK()
		view.Found, view.Missing = h.crmReport(r)
	}
	return h.renderCRM(c, view)
}

// crmReport says what the CRM has and lacks, stage by stage in their labels.
func (h *Handler) crmReport(r crm.SetupReport) (found, missing []string) {
	t := h.pages.loc.T
	if r.TokenRefused {
		return nil, []string{t("admin.crm.token_refused")}
	}
	pipeline := fmt.Sprintf("«%s»", r.Pipeline)
	if r.Pipeline == "default" {
		pipeline = t("admin.crm.default_pipeline")
	}
	if r.PipelineMissing {
		missing = append(missing, t("admin.crm.pipeline_missing", pipeline))
	}
	for _, s := range r.Stages {
		label := t("admin.crm.stage." + s.Logical)
		switch {
		case s.Found:
			found = append(found, t("admin.crm.stage_found", label, s.ID))
		case !r.PipelineMissing:
			missing = append(missing, t("admin.crm.stage_missing", label, s.ID, pipeline))
		}
	}
	if r.PropertyFound {
		found = append(found, t("admin.crm.property_found", r.Property))
	} else {
		missing = append(missing, t("admin.crm.property_missing", r.Property))
	}
	return found, missing
}

// refuseCRM shows the page again, 422, with why m cannot be used.
func (h *Handler) refuseCRM(c *fiber.Ctx, m crm.Mapping, reason error) error {
	view := h.crmForm(m)
	view.Error = h.crmRefusal(reason)
	c.Status(fiber.StatusUnprocessableEntity)
	return h.renderCRM(c, view)
}

// crmRefusal says a mapping's problem in the page's language.
func (h *Handler) crmRefusal(reason error) string {
	t := h.pages.loc.T
	var me *crm.MappingError
	switch {
	case !errors.As(reason, &me):
		return t("admin.crm.refused", reason.Error())
	case me.Problem == crm.ProblemSpace && me.Stage == "":
		return t("admin.crm.property_space", me.Value)
	case me.Problem == crm.ProblemSpace:
		return t("admin.crm.stage_space", t("admin.crm.stage."+me.Stage), me.Value)
	}
	return t("admin.crm.refused", me.Error())
}
