import UIKit
import Capacitor

class SceneDelegate: UIResponder, UIWindowSceneDelegate {
    var window: UIWindow?

    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
        guard let windowScene = scene as? UIWindowScene else { return }

        window = UIWindow(windowScene: windowScene)
        window?.rootViewController = CAPBridgeViewController()
        window?.makeKeyAndVisible()

        openForReading(connectionOptions.urlContexts)
        SceneDelegateProxy.shared.scene(scene, willConnectTo: session, options: connectionOptions)
    }

    func scene(_ scene: UIScene, openURLContexts URLContexts: Set<UIOpenURLContext>) {
        openForReading(URLContexts)
        SceneDelegateProxy.shared.scene(scene, openURLContexts: URLContexts)
    }

    /// A MusicXML file or an assignment opened in place (Info.plist: LSSupportsOpeningDocumentsInPlace)
    /// lives outside the app's sandbox: its security scope is opened before the web app reads it
    /// with @capacitor/filesystem (src/native/opened-files.ts), and kept open while the app runs
    /// (a handful of files a session). A file iOS copied into the app's Inbox needs none.
    private func openForReading(_ contexts: Set<UIOpenURLContext>) {
        for context in contexts where context.url.isFileURL && context.options.openInPlace {
            _ = context.url.startAccessingSecurityScopedResource()
        }
    }

    func scene(_ scene: UIScene, continue userActivity: NSUserActivity) {
        SceneDelegateProxy.shared.scene(scene, continue: userActivity)
    }
}
