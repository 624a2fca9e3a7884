module constants
  real, parameter :: g = 9.81
end module constants

module constants  ! ERROR [module-twice] "module \"constants\" is defined twice"
  real, parameter :: g = 9.80665
end module constants
