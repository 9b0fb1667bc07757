package atendimento

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"go.uber.org/zap"

	"github.com/intake-runtime/intake/actors/projection"
	"github.com/intake-runtime/intake/domain"
	"github.com/intake-runtime/intake/persistence"
)

// Projections reads a session's CRM/ERP projection; *persistence.Projections
// implements it.
type Projections interface {
	Get(ctx context.Context, sessionID string) (persistence.CRMProjection, error)
}

// panelView is the customer panel of a conversation page: what the bot
// collected, where the CRM and ERP stand, and the customer's other sessions.
type panelView struct {
	Qualification []dataItem `json:"qualification"`
	Cadastral     []dataItem `json:"cadastral"`
	CRMContactID  string     `json:"crm_contact_id"`
	CRMDealID     string     `json:"crm_deal_id"`
	ERPCustomerID string     `json:"erp_customer_id"`
	// Projection is the projection's status in the page's language, "" when
	// the session has none.
	Projection string       `json:"projection"`
	Earlier    []historyRow `json:"-"`
	// Partial says a read failed and the panel shows what it could.
	Partial bool `json:"partial"`
}

// dataItem is one collected field.
type dataItem struct {
	Key   string `json:"key"`
	Value string `json:"value"`
}

// panel builds the customer panel of s. A failed read leaves its part out
// and marks the panel partial rather than failing the page.
func (c *Console) panel(ctx context.Context, s domain.Session) *panelView {
	v := &panelView{Qualification: dataItems(s.QualificationData), Cadastral: dataItems(s.CadastralData)}
	p, err := c.deps.Projections.Get(ctx, s.SessionID)
	switch {
	case err == nil:
		s = projection.ReadBack(s, p)
		v.Projection = c.projectionText(p.Status)
		v.ERPCustomerID = p.ERPCustomerID
	case !errors.Is(err, persistence.ErrNotFound):
		c.log.Warn("projection not read for the panel", zap.Error(err))
		v.Partial = true
	}
	v.CRMContactID, v.CRMDealID = string(s.CRMContactID), string(s.CRMDealID)
	sessions, err := c.deps.Search.History(ctx, s.PhoneNumber)
	if err != nil {
		c.log.Warn("earlier sessions not read for the panel", zap.Error(err))
		v.Partial = true
	}
	sessions = slices.DeleteFunc(sessions, func(o domain.Session) bool { return o.SessionID == s.SessionID })
	v.Earlier = c.historyRows(sessions, s.SessionID, c.operatorNames(ctx))
	return v
}

// projectionText is a projection status as an operator reads it.
func (c *Console) projectionText(st persistence.ProjectionStatus) string {
	if key := "panel.projection." + string(st); c.locale.Has(key) {
		return c.locale.T(key)
	}
	return string(st)
}

// dataItems lists a data map by key; values that are not text (an address
// object) are shown as Go prints them.
func dataItems(m map[string]any) []dataItem {
	items := make([]dataItem, 0, len(m))
	for k, val := range m {
		text := domain.DataText(val)
		if text == "" && val != nil {
			text = fmt.Sprint(val)
		}
		items = append(items, dataItem{Key: k, Value: text})
	}
	slices.SortFunc(items, func(a, b dataItem) int { return strings.Compare(a.Key, b.Key) })
	return items
}
