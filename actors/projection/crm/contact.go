package crm

import (
	"context"
	"fmt"
	"net/http"

	"go.uber.org/zap"

	"github.com/intake-runtime/intake/domain"
)

// contactKeys are the contact properties that identify a person, in the order
// they are searched: an e-mail is unique in the CRM, a phone is not but is the
// one identifier every WhatsApp lead has.
var contactKeys = []string{"email", "phone"}

// SyncContact writes the contact payload ({"properties": {...}}, built by
// projection.BuildContactPayload) and returns the contact's ID in MockID.
// With a known id it updates that contact. Otherwise it looks the contact up
// by email, then by phone, and updates the one it finds, or creates one; a
// 409 naming an existing ID updates that contact instead, so a retry after a
// lost answer never creates a second contact with the same e-mail.
func (c *Client) SyncContact(ctx context.Context, id string, contact map[string]any) (domain.AdapterResult, error) {
	props := properties(contact)
	if id != "" {
		return c.updateContact(ctx, id, props)
	}
	for _, key := range contactKeys {
		value, _ := props[key].(string)
		if value == "" {
			continue
		}
		found, resp, err := c.search(ctx, contactsPath, key, value)
		if err != nil || !resp.Success {
			return resp, err
		}
		if found != "" {
			return c.updateContact(ctx, found, props)
		}
	}
	return c.createContact(ctx, props)
}

func (c *Client) createContact(ctx context.Context, props map[string]any) (domain.AdapterResult, error) {
	resp, err := c.api.Do(ctx, http.MethodPost, contactsPath, nil, map[string]any{"properties": props})
	if err != nil {
		return failed(resp), err
	}
	if resp.Status == http.StatusConflict {
		if existing, ok := ExistingID(resp.Body); ok {
			c.api.Logger().Debug("contact exists; updating it", zap.String("contact_id", existing))
			return c.updateContact(ctx, existing, props)
		}
	}
	if !resp.OK() {
		return failed(resp), nil
	}
	_, out := createdID(resp)
	return out, nil
}

func (c *Client) updateContact(ctx context.Context, id string, props map[string]any) (domain.AdapterResult, error) {
	resp, err := c.api.Do(ctx, http.MethodPatch, objectPath(contactsPath, id), nil, map[string]any{"properties": props})
	if err != nil || !resp.OK() {
		return failed(resp), err
	}
	return succeeded(id, fmt.Sprintf("%s: contact %s updated", resp.Detail, id)), nil
}
