import MomentumApp
App.main()
