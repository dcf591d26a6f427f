import { Trans } from '@lingui/react/macro';
import { Button } from '../components/Button';
import { Modal } from '../components/Modal';
import './start.css';

export interface DeviceTermsModalProps {
  open: boolean;
  onBack: () => void;
  onConfirm: () => void;
}

/**
 * spec 2 Start: the terms of using a private device for work, for papier_union and inapa_deutschland. German
 * in every locale (the agreement is German; lang="de" so screen readers pronounce it so), at most 750 x 580 with
 * its own scrolling; Escape and the close request mean back.
 */
export function DeviceTermsModal({ open, onBack, onConfirm }: DeviceTermsModalProps) {
  return (
    <Modal
      open={open}
      onClose={onBack}
      maxWidth={750}
      maxHeight={580}
      hideCloseButton
      scrollable
      title={<span lang="de">Nutzungsbedingungen für private Endgeräte</span>}
      footer={
        <>
          <Button variant="secondary" onClick={onBack}>
            <Trans>Back</Trans>
          </Button>
          <Button onClick={onConfirm}>
            <Trans>Confirm</Trans>
          </Button>
        </>
      }
    >
      <div lang="de" className="device-terms">
        <p>
          Diese Bedingungen regeln, wie Sie ein eigenes Smartphone, Tablet oder einen eigenen Computer für die
          Arbeit mit der App Ihres Arbeitgebers nutzen. Sie gelten ab dem 1. Juni 2019.
        </p>
        <h3>1. Geltungsbereich</h3>
        <p>
          Die Bedingungen gelten für jedes private Gerät, auf dem Sie die App installieren, um dienstliche
          Nachrichten und Inhalte zu lesen oder zu schreiben. Die Nutzung ist freiwillig; niemand ist
          verpflichtet, ein privates Gerät dafür einzusetzen.
        </p>
        <h3>2. Pflichten</h3>
        <p>
          Sie schützen das Gerät mit einer Bildschirmsperre, halten Betriebssystem und App aktuell und geben
          Ihre Zugangsdaten an niemanden weiter. Den Verlust des Geräts melden Sie unverzüglich Ihrer
          Ansprechperson.
        </p>
        <h3>3. Trennung der Daten</h3>
        <p>
          Dienstliche Inhalte bleiben in der App. Sie kopieren sie nicht in private Anwendungen oder Speicher.
          Ihr Arbeitgeber greift nicht auf Ihre privaten Daten auf dem Gerät zu.
        </p>
        <h3>4. Kosten</h3>
        <p>
          Für Anschaffung, Vertrag und Datenvolumen des privaten Geräts besteht kein Anspruch auf Erstattung,
          soweit nichts anderes vereinbart ist.
        </p>
        <h3>5. Sicherheit</h3>
        <p>
          Bei einem Sicherheitsvorfall darf Ihr Konto gesperrt und die Anmeldung auf dem Gerät beendet werden.
          Ihre privaten Inhalte werden dabei nicht gelöscht.
        </p>
        <h3>6. Beendigung</h3>
        <p>
          Sie können die Nutzung jederzeit beenden, indem Sie die App entfernen. Endet das Arbeitsverhältnis,
          endet auch der Zugang; dienstliche Inhalte auf dem Gerät sind dann zu löschen.
        </p>
      </div>
    </Modal>
  );
}
